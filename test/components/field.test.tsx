import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import { Field, invalidProps, ltrInputProps } from '../../screens/ui/Field.tsx';
import { renderFunnel } from './harness.tsx';

describe('Field', () => {
  it('keeps a left-to-right field left to right with the keyboard its value needs', () => {
    render(
      <StrictMode>
        <div dir="rtl">
          <Field inputId="code" label="رمز الدعوة" error="رمز غير صالح" ltr>
            <input id="code" {...ltrInputProps('text')} {...invalidProps('code', true)} />
          </Field>
        </div>
      </StrictMode>,
    );
    const input = screen.getByRole('textbox', { name: 'رمز الدعوة' });
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAttribute('inputmode', 'text');
    expect(input).toHaveAccessibleDescription('رمز غير صالح');
    // the label and the message follow the page; only the field is marked left to right
    expect(input.closest('.fe-field')).toHaveClass('fe-field', 'fe-field--ltr');
    expect(screen.getByText('رمز الدعوة')).not.toHaveAttribute('dir');
  });

  it('leaves an ordinary field as it was', () => {
    render(
      <Field inputId="name" label="Name" className="x">
        <input id="name" />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' }).closest('div')).toHaveAttribute('class', 'fe-field x');
  });

  it('marks the invite code field left to right', async () => {
    await renderFunnel('/family/enter-code', { state: (s) => (s.plans.landingType = 'family') });
    const code = await screen.findByRole('textbox', {}, { timeout: 10_000 });
    expect(code).toHaveAttribute('dir', 'ltr');
    expect(code.closest('.fe-field')).toHaveClass('fe-field--ltr');
  });

  it('marks the phone number field left to right with the phone keyboard', async () => {
    await renderFunnel('/family/phone-number', { state: (s) => (s.plans.landingType = 'family') });
    const phone = await screen.findByRole('textbox', { name: 'Phone number' }, { timeout: 10_000 });
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone.closest('.fe-field')).toHaveClass('fe-field--ltr');
  });
});
