import { useTexts } from '../../engine/react/index.ts';
import type { CircleWelcomeProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useStore } from '../product/hooks.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TextWithValue } from '../ui/TextWithValue.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** Its illustration downloads while the visitor reads the step before. */
export const prefetch: ScreenPrefetch<CircleWelcomeProps> = (props) => prefetchArt(props.art);

/** It may render out of sight while the invite code is checked: the Circle's name is read from the store, and shown as the answer left it. */
export const preparable = true;

/**
 * The joiner's welcome: "You joined the <Circle name> Circle", with the name the server gave for the
 * invite code (screens/product/circleApi.ts), shown before anything else of the family funnel; with
 * `features`, what the joiner gets from the Circle (the Premium its owner shares), ticked.
 */
export default function CircleWelcomeScreen({ props, next }: ScreenProps<CircleWelcomeProps>) {
  const { t } = useTexts();
  const { snap } = useStore();
  // the family's own name, in its own direction and colour inside the translated title
  const circle = <bdi className="circle-welcome__name">{snap.family.circleName}</bdi>;
  return (
    <Screen className="circle-welcome" art={props.art}>
      <TitleBlock title={<TextWithValue text={(slot) => t(props.title, { circle: slot })} value={circle} />} text={props.text ? t(props.text) : undefined}>
        {props.features?.length ? (
          <ul className="circle-welcome__features">
            {props.features.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        ) : null}
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </TitleBlock>
    </Screen>
  );
}
