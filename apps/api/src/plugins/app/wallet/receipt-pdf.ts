import { createRequire } from 'node:module';
import { formatRupees, GST_RATE_PERCENT, gstIncludedPaise } from '@aaspaas/domain';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/**
 * pdfkit's standard fonts have no ₹. Noto Sans ships as subsets: Latin for the text, Latin Extended
 * (which holds U+20B9) for the rupee sign.
 */
const FONTS = {
  regular: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
  rupee: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
  rupeeBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'),
};

export type ReceiptData = {
  receiptNumber: string;
  paidAt: Date;
  businessName: string;
  ownerName: string;
  email: string;
  gstin: string | null;
  paymentId: string | null;
  amountPaise: number;
};

const indiaDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A top-up's receipt as PDF: the amount, the GST included in it (prices are GST-inclusive), the business's GSTIN. */
export function receiptPdf(data: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Receipt ${data.receiptNumber}`, Author: 'Aaspaas' } });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('rupee', FONTS.rupee);
  doc.registerFont('rupee-bold', FONTS.rupeeBold);

  /** Writes text (no ₹ in it) at the cursor or at x, y. */
  const line = (text: string, options: { bold?: boolean; size?: number; x?: number; y?: number; width?: number } = {}) => {
    doc.font(options.bold ? 'bold' : 'regular').fontSize(options.size ?? 11);
    if (options.x !== undefined && options.y !== undefined) doc.text(text, options.x, options.y, { width: options.width });
    else doc.text(text, { width: options.width });
  };
  /** An amount ending at `right`: the ₹ in the font that has it, the digits in the text's. */
  const amount = (paise: number, y: number, right: number, bold: boolean) => {
    const digits = formatRupees(paise).replace('₹', '');
    const rupee = bold ? 'rupee-bold' : 'rupee';
    const text = bold ? 'bold' : 'regular';
    doc.fontSize(11);
    const digitsWidth = doc.font(text).widthOfString(digits);
    const rupeeWidth = doc.font(rupee).widthOfString('₹');
    doc.font(rupee).text('₹', right - digitsWidth - rupeeWidth, y, { lineBreak: false });
    doc.font(text).text(digits, right - digitsWidth, y, { lineBreak: false });
  };

  const gst = gstIncludedPaise(data.amountPaise);
  line('Aaspaas', { bold: true, size: 22 });
  line('Receipt for money added to your wallet', { size: 13 });
  doc.moveDown();
  const rows: [string, string][] = [
    ['Receipt number', data.receiptNumber],
    ['Date', indiaDate.format(data.paidAt)],
    ['Business', data.businessName],
    ['Name', data.ownerName],
    ['Email', data.email],
  ];
  if (data.gstin) rows.push(['GSTIN', data.gstin]);
  if (data.paymentId) rows.push(['Razorpay payment', data.paymentId]);
  for (const [label, value] of rows) {
    const y = doc.y;
    line(label, { x: 56, y, width: 150 });
    line(value, { x: 210, y, width: 330 });
  }
  doc.moveDown(1.5);
  const amounts: [string, number, boolean][] = [
    ['Wallet top-up (prepaid credit for Aaspaas services)', data.amountPaise, true],
    ['Value before GST', data.amountPaise - gst, false],
    [`GST at ${GST_RATE_PERCENT}% (included in the amount)`, gst, false],
  ];
  for (const [label, paise, bold] of amounts) {
    const y = doc.y;
    line(label, { x: 56, y, width: 330, bold });
    amount(paise, y, 539, bold);
    doc.x = 56;
    doc.y = y + 20;
  }
  doc.moveDown(2);
  line('Wallet credits pay for Aaspaas services (posts, plans, SMS). They cannot be withdrawn as cash or sent to anyone else.', {
    size: 9,
    x: 56,
    y: doc.y,
    width: 484,
  });

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
