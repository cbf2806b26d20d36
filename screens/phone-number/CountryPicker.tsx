import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import { searchCountries, type CountryOption } from './countryList.ts';
import type { CountryCode } from './model.ts';

export interface CountryPickerProps {
  options: readonly CountryOption[];
  value: CountryCode;
  onChange: (code: CountryCode) => void;
}

/**
 * The country button and its searchable list (an ARIA combobox: the search field drives a listbox,
 * arrow keys move, Enter picks, Escape closes). Names are in the visitor's language.
 */
export function CountryPicker({ options, value, onChange }: CountryPickerProps) {
  const { t } = useTexts();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const selected = options.find((o) => o.code === value);
  const matches = useMemo(() => searchCountries(options, query), [options, query]);

  const close = (refocus: boolean): void => {
    setOpen(false);
    setQuery('');
    if (refocus) button.current?.focus();
  };
  const pick = (option: CountryOption): void => {
    onChange(option.code);
    close(true);
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent): void => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(matches.length - 1, 0)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = matches[active];
      if (option) pick(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <div className="phone-number__picker" ref={root}>
      <button
        ref={button}
        type="button"
        className="phone-number__country"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('family.phone.countryButton', { country: selected?.name ?? value, dialCode: selected?.dialCode ?? '' })}
        onClick={() => {
          if (open) return close(false);
          setActive(0);
          setOpen(true);
        }}
      >
        <span className="phone-number__iso" data-iso={value} aria-hidden="true" />
        <span className="phone-number__dial" dir="ltr" data-dial={selected?.dialCode} aria-hidden="true" />
        <svg className="phone-number__caret" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div className="phone-number__panel">
          <input
            className="fe-field__input phone-number__search"
            type="search"
            role="combobox"
            aria-label={t('family.phone.search')}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches[active] ? `${id}-${matches[active].code}` : undefined}
            placeholder={t('family.phone.searchPlaceholder')}
            autoComplete="off"
            autoFocus
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul className="phone-number__list" id={listId} role="listbox" aria-label={t('family.phone.countries')} ref={list}>
            {matches.map((option, index) => (
              <li
                key={option.code}
                id={`${id}-${option.code}`}
                data-index={index}
                role="option"
                aria-selected={option.code === value}
                className={`phone-number__option ${index === active ? 'phone-number__option--active' : ''}`.trim()}
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => pick(option)}
                onMouseMove={() => index !== active && setActive(index)}
              >
                <span className="phone-number__iso" aria-hidden="true">
                  {option.code}
                </span>
                <span className="phone-number__name">{option.name}</span>
                <span className="phone-number__option-dial" dir="ltr">
                  {option.dialCode}
                </span>
              </li>
            ))}
          </ul>
          {matches.length === 0 ? (
            <p className="phone-number__empty" role="status">
              {t('family.phone.noResults', { query })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
