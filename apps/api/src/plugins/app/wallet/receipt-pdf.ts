import { createRequire } from 'node:module';
import { formatRupees, GST_RATE_PERCENT, gstIncludedPaise } from '@aaspaas/domain';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/**
 * pdfkit's standard fonts have no ₹. Noto Sans ships as subsets: Latin for the text, Latin Extended
 * (which holds U+20B9) for the rupee sign; Noto Sans Devanagari for names written in Hindi, Marathi
 * and the other Devanagari languages (docs/product.md: content stays as written). pdfkit does not fall
 * back from one font to another: each run of text is written in the font that has it.
 */
const FONTS = {
  regular: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
  rupee: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
  rupeeBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'),
  devanagari: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'),
  devanagariBold: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff'),
};

/** Devanagari words, with the spaces and joiners between them: one run, shaped together (matras, conjuncts). */
const DEVANAGARI_RUN = /(\p{Script_Extensions=Devanagari}+(?:[\s\u200C\u200D]+\p{Script_Extensions=Devanagari}+)*)/u;

/** A text cut into its Devanagari runs and the rest, in order. */
export function scriptRuns(text: string): { text: string; devanagari: boolean }[] {
  return text
    .split(DEVANAGARI_RUN)
    .map((run, i) => ({ text: run, devanagari: i % 2 === 1 }))
    .filter((run) => run.text.length > 0);
}

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
  doc.registerFont('devanagari', FONTS.devanagari);
  doc.registerFont('devanagari-bold', FONTS.devanagariBold);

  /** Writes text (no ₹ in it) at the cursor or at x, y, each script's runs in their font. */
  const line = (text: string, options: { bold?: boolean; size?: number; x?: number; y?: number; width?: number } = {}) => {
    const runs = scriptRuns(text);
    if (runs.length === 0) runs.push({ text, devanagari: false });
    runs.forEach((run, i) => {
      const font = run.devanagari ? (options.bold ? 'devanagari-bold' : 'devanagari') : options.bold ? 'bold' : 'regular';
      doc.font(font).fontSize(options.size ?? 11);
      const textOptions = { width: options.width, continued: i < runs.length - 1 };
      if (i === 0 && options.x !== undefined && options.y !== undefined) doc.text(run.text, options.x, options.y, textOptions);
      else doc.text(run.text, textOptions);
    });
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
