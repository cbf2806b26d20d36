/** The premium features of spec section 1, each with a check mark. */
export function FeatureList({ title, features }: { title: string; features: string[] }) {
  return (
    <section className="paywall-features" aria-label={title}>
      <h2 className="paywall-features__title">{title}</h2>
      <ul className="paywall-features__list">
        {features.map((text) => (
          <li key={text} className="paywall-features__item">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
              <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
