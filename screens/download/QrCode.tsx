import { useEffect, useState } from 'react';
import type { QrMatrix } from './qrMatrix.ts';

/**
 * A QR code for `text`, drawn as SVG once its generator has loaded (a lazy chunk, fetched only when
 * this component shows). Dark modules on white with a 4-module quiet zone, as scanners expect.
 */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const [matrix, setMatrix] = useState<{ text: string; qr: QrMatrix } | null>(null);
  useEffect(() => {
    let live = true;
    void import('./qrMatrix.ts').then(({ qrMatrix }) => {
      if (live) setMatrix({ text, qr: qrMatrix(text) });
    });
    return () => {
      live = false;
    };
  }, [text]);
  const qr = matrix?.text === text ? matrix.qr : null;
  const quiet = 4;
  return (
    <div className="download-qr__code" style={{ width: size, height: size }} data-qr-text={qr ? text : undefined}>
      {qr ? (
        <svg
          viewBox={`${-quiet} ${-quiet} ${qr.size + 2 * quiet} ${qr.size + 2 * quiet}`}
          width={size}
          height={size}
          role="img"
          aria-label={label}
          shapeRendering="crispEdges"
        >
          <rect x={-quiet} y={-quiet} width={qr.size + 2 * quiet} height={qr.size + 2 * quiet} fill="#fff" />
          <path d={qr.path} fill="#1d2b36" />
        </svg>
      ) : null}
    </div>
  );
}
