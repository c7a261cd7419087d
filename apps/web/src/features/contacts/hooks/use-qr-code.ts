import { useEffect, useState } from 'react';

/**
 * The QR code of `text` as an SVG data URL (sharp at any size, printable). The qrcode library is
 * loaded only by the page that shows one.
 */
export function useQrCode(text: string): { src: string | null; error: boolean } {
  const [state, setState] = useState<{ text: string; src: string | null; error: boolean }>({ text, src: null, error: false });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((mod) => {
        // A CommonJS package: bundlers hand it over as the default export, or as named exports.
        const qr = (mod as unknown as { default?: typeof mod }).default ?? mod;
        return qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      })
      .then((svg) => {
        if (live) setState({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, error: false });
      })
      .catch(() => {
        if (live) setState({ text, src: null, error: true });
      });
    return () => {
      live = false;
    };
  }, [text]);
  return state.text === text ? { src: state.src, error: state.error } : { src: null, error: false };
}
