import { LineIcon } from '../ui/LineIcon.tsx';

/** An option icon from the shared line icons (screens/ui/LineIcon.tsx), decorative: the label names the option. */
export function ChoiceIcon({ name }: { name: string }) {
  return <LineIcon name={name} className="choice__icon" />;
}
