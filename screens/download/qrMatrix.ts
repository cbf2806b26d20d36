/**
 * A QR code as one SVG path (loaded on demand by QrCode.tsx, so qrcode-generator reaches only desktop
 * visitors of the download screen). Error correction M: a store link stays readable from a screen.
 */
import qrcode from 'qrcode-generator';

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** `M x y h1 v1 h-1 z` squares for every dark module, in module units. */
  path: string;
}

export function qrMatrix(text: string): QrMatrix {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (qr.isDark(y, x)) path += `M${x} ${y}h1v1h-1z`;
    }
  }
  return { size, path };
}
