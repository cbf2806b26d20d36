// The form field lives in engine/react so the payment gateways' card forms share it; screens import it from here.
export { Field, fieldLabelId, invalidProps, ltrInputProps, type FieldProps } from '../../engine/react/index.ts';
