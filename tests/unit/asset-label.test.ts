// An asset's label (issue 17): the QR code the card page draws holds the card page's link with its
// number, and the scan dialog's decoder reads it back — the same two libraries the browser runs.
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import jsQR from 'jsqr';
import { scanLink } from '../../renderer/detail/DetailPage.tsx';
import { previousPeriod } from '../../server/modules/asset/depreciation.ts';

/** The code's modules as the RGBA pixels of an image, 4 pixels a module with a quiet zone. */
function pixels(text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = 4;
  const quiet = 4 * scale;
  const width = size * scale + 2 * quiet;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = ((quiet + y * scale + dy) * width + quiet + x * scale + dx) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
    }
  return { data, width };
}

describe('asset labels', () => {
  it('hold the card page’s link with the asset number, and the scanner reads it back', () => {
    const link = scanLink('https://demo.example.edu.cn', '/asset/cardDetail', 'ZC-2026-00012');
    expect(link).toBe('https://demo.example.edu.cn/asset/cardDetail?code=ZC-2026-00012');
    const { data, width } = pixels(link);
    expect(jsQR(data, width, width)?.data).toBe(link);
  });

  it('the scheduled run books the month just ended', () => {
    expect(previousPeriod('2026-11-26')).toBe('2026-10');
    expect(previousPeriod('2027-01-01')).toBe('2026-12');
  });
});
