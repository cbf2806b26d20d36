import { useTranslation } from 'react-i18next';
import type { LandingProps } from '../../engine/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/types.ts';
import { Button } from '../ui/Button.tsx';
import { Picture } from '../ui/Picture.tsx';

/** The landing: a welcome title and text with a continue button over a full-page background. */
export default function LandingScreen({ props, next }: ScreenProps<LandingProps>) {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <Picture name={props.background} alt="" className="landing__background" priority />
      <div className="landing__content">
        <h1 className="landing__title">{t(props.title)}</h1>
        <p className="landing__text">{t(props.text)}</p>
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </div>
    </div>
  );
}
