import { useMemo } from 'react';
import styles from './funding.module.css';
import { qrPath } from './qr-path';

/** The QR code of a deposit address, drawn in the browser as SVG with a quiet zone of 4 modules. */
export function DepositQr({ text, label }: { text: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  const quiet = 4;
  return (
    <svg
      className={styles.qr}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      role="img"
      aria-label={label}
      data-testid="deposit-qr"
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
