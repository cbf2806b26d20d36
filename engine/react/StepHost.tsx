import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTexts } from './translator.ts';
import { useLayOutNext, useLocation, useNavigate, usePrepare } from './navigation.ts';
import { useSnapshot } from 'valtio/react';
import { nextStepId, progressOf, resolveStep } from '../core/flowGraph.ts';
import { resolveActiveVariant, type ActiveVariant } from '../core/variants.ts';
import { arriveAtStep } from './arrival.ts';
import { useEngine } from './context.ts';
import { StepContext, type FunnelStepContext } from './hooks.ts';
import { ChunkErrorBoundary, clearChunkReloadMark } from './ChunkErrorBoundary.tsx';
import { ChunkLoadError } from './lazyScreen.ts';
import { LoadingOverlay } from './overlays/LoadingOverlay.tsx';
import { ProgressBar } from './overlays/ProgressBar.tsx';
import { useStepFocus } from './useStepFocus.ts';
import { sendPageViewNow } from './pageView.ts';
import { prefetchNext } from './prefetchNext.ts';
import { dismissEarlyStep, handOverEarlyStep } from './earlyStep.ts';
import type { ScreenProps } from './types.ts';

function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * Holds a screen back until the visitor's full texts have arrived (entry steps need only the
 * first-paint texts); texts that cannot be fetched are handled like a chunk that failed to load.
 */
function TextsGate({ needsAll, children }: { needsAll: boolean; children: ReactNode }) {
  const { texts } = useEngine();
  const { complete, failed } = useSnapshot(texts);
  if (!needsAll || complete) return children;
  if (failed) throw new ChunkLoadError('texts');
  return <LoadingOverlay />;
}

/**
 * The variant resolved for the address, the same object while the result is the same: a step prepared
 * out of sight (FunnelRoutes) keeps its screen as rendered when the address moves to it.
 */
function useSameVariant(resolved: ActiveVariant): ActiveVariant {
  const [kept, keep] = useState(resolved);
  const same = kept.id === resolved.id && kept.variant === resolved.variant && kept.fromPath === resolved.fromPath;
  // React's way to keep a value from the render before: set during render, rendered again at once
  if (!same) keep(resolved);
  return same ? kept : resolved;
}

export interface StepHostProps {
  stepId: string;
  /** The arrival was recorded before React rendered the step (boot does it for the opened landing: arrival.ts). */
  arrived?: boolean;
}

/**
 * Renders one step: resolves the active variant once (resolveActiveVariant) and the step for it,
 * records the landing type and tracking data, shows the progress bar, and loads the screen lazily
 * behind the loading overlay. Screens read the variant from context (useVariant), never resolve it.
 */
export function StepHost({ stepId, arrived = false }: StepHostProps) {
  const engine = useEngine();
  const { data, steps, store, registry, analytics, chooseVariant } = engine;
  const navigate = useNavigate();
  const prepare = usePrepare();
  const layOutNext = useLayOutNext();
  const location = useLocation();
  const { t } = useTexts();
  const { landingType } = useSnapshot(store.plans);
  const ref = steps.get(stepId);
  if (!ref) throw new Error(`Step "${stepId}" is not in any flow: run \`npm run validate\`.`);
  const active = useSameVariant(
    useMemo(
      () => resolveActiveVariant(data.landings, location.pathname, landingType, chooseVariant),
      [data.landings, location.pathname, landingType, chooseVariant],
    ),
  );
  const { variant } = active;
  const step = useMemo(() => resolveStep(ref.step, stepId, variant), [ref, stepId, variant]);

  // before any effect of the step's screen (layout effects run before every passive one): what the
  // screen tracks as it mounts waits for the step's page view (arrival.ts)
  useLayoutEffect(() => {
    if (!arrived) analytics.holdUntilPage();
  }, [stepId, active.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per step
  useEffect(() => {
    if (!arrived)
      arriveAtStep(
        engine,
        stepId,
        active,
        { pathname: location.pathname, search: location.search, hostname: window.location.hostname, origin: window.location.origin },
        navigator.userAgent,
      );
    window.scrollTo?.(0, 0);
  }, [stepId, active.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per step

  const next = useCallback(
    (outcome?: string) => {
      const targetId = nextStepId(step.next, outcome);
      analytics.track('step_completed', { step: stepId, outcome: outcome ?? 'default', next: targetId ?? null });
      if (!targetId) return; // a terminal step: nothing after it
      const target = steps.get(targetId);
      if (!target?.step.path) throw new Error(`Step "${stepId}" leads to "${targetId}", which has no route: run \`npm run validate\`.`);
      navigate(target.step.path);
    },
    [step, stepId, steps, navigate, analytics],
  );

  // what this step prepared goes when the step goes (a move to it has shown it by then)
  const releases = useRef(new Set<() => void>());
  useEffect(() => {
    const held = releases.current;
    return () => {
      for (const release of held) release();
      held.clear();
    };
  }, []);
  const prepareNext = useCallback(
    (outcome?: string) => {
      const target = steps.get(nextStepId(step.next, outcome) ?? '')?.step;
      const screen = target ? (registry as Record<string, { preparable?: () => boolean } | undefined>)[target.screen] : undefined;
      // only a screen whose code is here and that says it may render before it is shown (lazyScreen)
      const path = screen?.preparable?.() ? target!.path : undefined;
      if (!path) return () => {};
      const release = prepare(path);
      const once = (): void => {
        if (releases.current.delete(once)) release();
      };
      releases.current.add(once);
      return once;
    },
    [step, steps, registry, prepare],
  );

  // the screen is in place: a copy of it shown since the landing's early tap gives way to it (earlyStep.ts)
  const screenShown = useCallback(() => {
    clearChunkReloadMark();
    handOverEarlyStep(stepId);
  }, [stepId]);

  // what the next tap needs downloads while the visitor reads this step; then the next step is laid out ahead
  useEffect(() => {
    let release = (): void => {};
    const cancel = prefetchNext(engine, step, window, () => (release = layOutNext(step)));
    return () => {
      cancel();
      release();
    };
  }, [engine, step, layOutNext]);

  useStepFocus(stepId);
  const stepInfo = useMemo(() => ({ id: stepId, path: step.path, flowId: ref.flowId }), [stepId, step.path, ref.flowId]);
  const context = useMemo<FunnelStepContext>(() => ({ step: stepInfo, next, prepareNext, variant: active }), [stepInfo, next, prepareNext, active]);
  const entry = data.flows[ref.flowId]!.entry;
  const progress = step.showProgress === false ? undefined : progressOf(steps, entry, stepId, variant);
  // the registry covers every screen type of the flows (validator: unregistered-screen; defineFunnel)
  const Screen = (registry as unknown as Record<string, ComponentType<ScreenProps<unknown, string>>>)[step.screen]!;
  // the same element while its inputs are the same: React then leaves the screen as it is (a prepared step being shown)
  const screen = useMemo(() => <Screen props={step.props} next={next} step={stepInfo} />, [Screen, step.props, next, stepInfo]);

  return (
    <StepContext.Provider value={context}>
      <main className={`fe-step fe-step--${step.screen}`} data-step={stepId}>
        {progress !== undefined ? <ProgressBar value={progress} /> : null}
        <ChunkErrorBoundary
          onChunkError={(error) => {
            dismissEarlyStep();
            sendPageViewNow(); // the step will not be named now: its view and this report go at once
            analytics.track('error', { message: error.message, step: stepId });
          }}
          fallback={(retry) => (
            <div className="fe-chunk-error" role="alert">
              <p>{t('errors.chunkFailed')}</p>
              <p>{t('errors.chunkFailedHint')}</p>
              <button type="button" className="fe-button" onClick={retry}>
                {t('common.tryAgain')}
              </button>
            </div>
          )}
        >
          <Suspense fallback={<LoadingOverlay />}>
            <TextsGate needsAll={stepId !== entry}>
              {screen}
              <Mounted onMount={screenShown} />
            </TextsGate>
          </Suspense>
        </ChunkErrorBoundary>
      </main>
    </StepContext.Provider>
  );
}
