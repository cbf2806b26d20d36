import { useTranslation } from 'react-i18next';
import type { CircleWelcomeProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/index.ts';
import { useStore } from '../../engine/react/index.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';

/** Where the name goes in the translated title: a private-use character no translation contains. */
const NAME_SLOT = '\uE000';

/**
 * The joiner's welcome: "You joined the <Circle name> Circle", with the name the server gave for the
 * invite code (screens/product/circleApi.ts), shown before anything else of the family funnel.
 */
export default function CircleWelcomeScreen({ props, next }: ScreenProps<CircleWelcomeProps>) {
  const { t } = useTranslation();
  const { snap } = useStore();
  // the name is the family's own text: the title is split around it, so it reads in its own direction
  // (a Latin name in an Arabic sentence) inside a <bdi> and stands out from the words around it
  const [before, after = ''] = t(props.title, { circle: NAME_SLOT }).split(NAME_SLOT);
  const circle = <bdi className="circle-welcome__name">{snap.family.circleName}</bdi>;
  return (
    <Screen className="circle-welcome" card art={props.art}>
      <TitleBlock
        title={
          <>
            {before}
            {circle}
            {after}
          </>
        }
        text={props.text ? t(props.text) : undefined}
      >
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </TitleBlock>
    </Screen>
  );
}
