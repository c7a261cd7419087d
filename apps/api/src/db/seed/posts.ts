/**
 * Demo post content: realistic offers, festival posts, admissions, new arrivals and announcements
 * per category, in English with a few Hinglish touches, with prices in paise, home delivery
 * true/false/null, hashtags (in the text and as separate tags) and the cards to render as images.
 */
import { discountPercent, extractHashtags, formatRupees } from '@aaspaas/domain';
import type { CategoryName, DemoBusiness } from './businesses';
import type { PostCardSpec } from '../../plugins/app/templates/post-card-image';
import type { Region } from './places';
import type { Rng } from './random';

export const FESTIVALS = ['diwali', 'holi', 'eid', 'christmas', 'pongal', 'onam', 'ganeshotsav'] as const;
export type Festival = (typeof FESTIVALS)[number];

/** A product or service with its MRP in rupees; `service` items are never "new arrivals". */
type Product = { name: string; mrp: number; regions?: readonly Region[]; service?: boolean };

const PRODUCTS: Record<CategoryName, readonly Product[]> = {
  Grocery: [
    { name: 'Sona Masoori Rice 25 kg', mrp: 1650 },
    { name: 'Chakki Fresh Atta 10 kg', mrp: 480 },
    { name: 'Toor Dal 5 kg', mrp: 875 },
    { name: 'Cold-Pressed Groundnut Oil 5 L', mrp: 1150 },
    { name: 'Basmati Rice 5 kg', mrp: 749 },
    { name: 'Monthly Ration Kit (family of 4)', mrp: 4500 },
    { name: 'Organic Jaggery 1 kg', mrp: 120 },
    { name: 'Assam Tea 1 kg', mrp: 560 },
    { name: 'Kolhapuri Jaggery 5 kg', mrp: 450, regions: ['marathi'] },
    { name: 'Ponni Raw Rice 10 kg', mrp: 690, regions: ['kannada', 'telugu'] },
  ],
  Restaurant: [
    { name: 'Special Veg Thali', mrp: 220 },
    { name: 'Paneer Butter Masala + 4 Butter Naan', mrp: 380 },
    { name: 'Family Pack Veg Biryani (serves 4)', mrp: 899 },
    { name: 'Party Platter (serves 10)', mrp: 2500 },
    { name: 'Chicken Dum Biryani', mrp: 320, regions: ['telugu'] },
    { name: 'Mutton Haleem', mrp: 380, regions: ['telugu'] },
    { name: 'Masala Dosa + Filter Coffee', mrp: 110, regions: ['kannada'] },
    { name: 'Mini Meals', mrp: 120, regions: ['kannada'] },
    { name: 'Misal Pav', mrp: 90, regions: ['marathi'] },
    { name: 'Puran Poli Thali', mrp: 240, regions: ['marathi'] },
    { name: 'Chole Bhature', mrp: 140, regions: ['north'] },
    { name: 'Amritsari Kulcha Combo', mrp: 180, regions: ['north'] },
    { name: 'Dal Baati Churma', mrp: 250, regions: ['rajasthani'] },
    { name: 'Rajasthani Thali', mrp: 350, regions: ['rajasthani'] },
  ],
  Salon: [
    { name: 'Haircut + Beard Styling', mrp: 350 },
    { name: 'Hair Spa', mrp: 1200 },
    { name: 'Keratin Treatment', mrp: 4500 },
    { name: 'Gold Facial', mrp: 1500 },
    { name: 'Full Arms + Legs Waxing', mrp: 900 },
    { name: 'Global Hair Colour', mrp: 2800 },
    { name: 'Kids Haircut', mrp: 200 },
  ],
  Clothing: [
    { name: 'Banarasi Silk Saree', mrp: 6500 },
    { name: 'Cotton Kurti', mrp: 899 },
    { name: "Men's Kurta Pyjama Set", mrp: 1899 },
    { name: 'Kids Ethnic Set', mrp: 1199 },
    { name: 'Designer Lehenga', mrp: 12_999 },
    { name: 'Formal Shirt', mrp: 1299 },
    { name: 'Chanderi Dress Material', mrp: 1450 },
    { name: 'Paithani Saree', mrp: 9500, regions: ['marathi'] },
    { name: 'Mysore Silk Saree', mrp: 8900, regions: ['kannada'] },
    { name: 'Pochampally Ikat Saree', mrp: 5200, regions: ['telugu'] },
    { name: 'Bandhej Dupatta', mrp: 950, regions: ['rajasthani'] },
  ],
  Electronics: [
    { name: '43" 4K Smart LED TV', mrp: 42_990 },
    { name: '1.5 Ton 5-Star Inverter AC', mrp: 54_990 },
    { name: '7 kg Front Load Washing Machine', mrp: 33_990 },
    { name: '260 L Double Door Refrigerator', mrp: 31_990 },
    { name: 'Mixer Grinder 750 W', mrp: 4599 },
    { name: 'Air Cooler 55 L', mrp: 11_990 },
    { name: 'Induction Cooktop', mrp: 3490 },
    { name: 'BLDC Ceiling Fan', mrp: 4290 },
  ],
  Pharmacy: [
    { name: 'Digital BP Monitor', mrp: 2400 },
    { name: 'Glucometer + 25 Strips', mrp: 1350 },
    { name: 'Vitamin D3 + Calcium (60 tabs)', mrp: 480 },
    { name: 'Adult Diapers (pack of 10)', mrp: 650 },
    { name: 'Pulse Oximeter', mrp: 1499 },
    { name: 'Baby Care Combo', mrp: 899 },
    { name: 'ORS Sachets (pack of 10)', mrp: 224.5 },
  ],
  Tuition: [
    { name: 'Class 10 Board Batch (annual fee)', mrp: 36_000 },
    { name: 'Class 12 Science PCM (annual fee)', mrp: 55_000 },
    { name: 'Spoken English (3 months)', mrp: 6000 },
    { name: 'Maths Crash Course (6 weeks)', mrp: 4500 },
    { name: 'Class 5–7 All Subjects (monthly)', mrp: 1800 },
    { name: 'JEE/NEET Foundation (annual fee)', mrp: 45_000 },
    { name: 'Abacus & Vedic Maths (3 months)', mrp: 3600 },
  ],
  Bakery: [
    { name: 'Black Forest Cake 1 kg', mrp: 750 },
    { name: 'Eggless Pineapple Cake 1 kg', mrp: 650 },
    { name: 'Fresh Khari 500 g', mrp: 160 },
    { name: 'Butter Cookies 400 g', mrp: 240 },
    { name: 'Veg Puff (box of 6)', mrp: 150 },
    { name: 'Custom Photo Cake 2 kg', mrp: 2200 },
    { name: 'Chocolate Truffle Pastry (box of 4)', mrp: 280 },
    { name: 'Honey Cake (box of 6)', mrp: 180, regions: ['kannada'] },
    { name: 'Osmania Biscuits 500 g', mrp: 200, regions: ['telugu'] },
  ],
  Sweets: [
    { name: 'Kaju Katli 1 kg', mrp: 1100 },
    { name: 'Motichoor Laddoo 1 kg', mrp: 520 },
    { name: 'Assorted Mithai Box 1 kg', mrp: 800 },
    { name: 'Rasgulla (tin of 1 kg)', mrp: 350 },
    { name: 'Namkeen Combo 1 kg', mrp: 380 },
    { name: 'Ghevar (box of 4)', mrp: 600, regions: ['rajasthani'] },
    { name: 'Mawa Kachori (box of 6)', mrp: 240, regions: ['rajasthani'] },
    { name: 'Amba Barfi 500 g', mrp: 380, regions: ['marathi'] },
    { name: 'Mysore Pak 500 g', mrp: 360, regions: ['kannada'] },
    { name: 'Sohan Halwa 500 g', mrp: 420, regions: ['north'] },
  ],
  'Mobile Repair': [
    { name: 'Screen Replacement (most models)', mrp: 2999, service: true },
    { name: 'Battery Replacement', mrp: 1499, service: true },
    { name: 'Charging Port Repair', mrp: 699, service: true },
    { name: 'Tempered Glass + Back Cover', mrp: 499 },
    { name: '20W Fast Charger', mrp: 999 },
    { name: 'Wireless Earbuds', mrp: 2499 },
  ],
  Hardware: [
    { name: 'Premium Emulsion Paint 20 L', mrp: 5800 },
    { name: 'Wall Putty 40 kg', mrp: 1100 },
    { name: 'Cordless Drill Machine', mrp: 3990 },
    { name: 'LED Bulb 9 W (pack of 4)', mrp: 400 },
    { name: 'Waterproofing Solution 4 L', mrp: 1250 },
    { name: 'Tool Kit (108 pcs)', mrp: 2499 },
    { name: 'Stainless Steel Kitchen Sink', mrp: 4200 },
  ],
  Fitness: [
    { name: 'Monthly Gym Membership', mrp: 1500 },
    { name: 'Quarterly Membership', mrp: 4000 },
    { name: 'Annual Membership', mrp: 12_000 },
    { name: 'Personal Training (12 sessions)', mrp: 6000 },
    { name: 'Zumba Batch (monthly)', mrp: 1200 },
    { name: 'Morning Yoga (monthly)', mrp: 1000 },
  ],
  Jewellery: [
    { name: '22K Gold Necklace Set 20 g', mrp: 1_45_000 },
    { name: '24K Gold Coin 1 g', mrp: 7600 },
    { name: 'Silver Payal (pair)', mrp: 2800 },
    { name: 'Diamond Nose Pin', mrp: 9500 },
    { name: 'Bridal Kundan Set', mrp: 2_25_000 },
    { name: 'Silver Pooja Thali Set', mrp: 12_500 },
  ],
  Optical: [
    { name: 'Blue-Cut Computer Glasses', mrp: 2500 },
    { name: 'Progressive Lenses (pair)', mrp: 8000 },
    { name: 'Kids Frames + Lenses', mrp: 1200 },
    { name: 'Polarised Sunglasses', mrp: 2990 },
    { name: 'Monthly Contact Lenses (6 pack)', mrp: 1800 },
  ],
};

const CATEGORY_TAG: Record<CategoryName, string> = {
  Grocery: 'kirana',
  Restaurant: 'foodie',
  Salon: 'salon',
  Clothing: 'fashion',
  Electronics: 'electronics',
  Pharmacy: 'pharmacy',
  Tuition: 'tuition',
  Bakery: 'bakery',
  Sweets: 'mithai',
  'Mobile Repair': 'mobilerepair',
  Hardware: 'hardware',
  Fitness: 'fitness',
  Jewellery: 'jewellery',
  Optical: 'eyecare',
};

/** How likely each category offers free home delivery: [true, false] (the rest is null). */
const DELIVERY_ODDS: Record<CategoryName, readonly [number, number]> = {
  Grocery: [0.75, 0.1],
  Restaurant: [0.55, 0.25],
  Salon: [0, 0.1],
  Clothing: [0.25, 0.45],
  Electronics: [0.45, 0.3],
  Pharmacy: [0.7, 0.1],
  Tuition: [0, 0],
  Bakery: [0.45, 0.35],
  Sweets: [0.5, 0.3],
  'Mobile Repair': [0.15, 0.35],
  Hardware: [0.4, 0.35],
  Fitness: [0, 0],
  Jewellery: [0, 0.45],
  Optical: [0.1, 0.4],
};

/** Which festivals are celebrated (and advertised) in each city. */
const CITY_FESTIVALS: Record<string, readonly Festival[]> = {
  Mumbai: ['diwali', 'holi', 'eid', 'christmas', 'ganeshotsav'],
  Pune: ['diwali', 'holi', 'christmas', 'ganeshotsav'],
  Delhi: ['diwali', 'holi', 'eid', 'christmas'],
  Bengaluru: ['diwali', 'christmas', 'pongal', 'onam'],
  Hyderabad: ['diwali', 'eid', 'pongal', 'christmas'],
  Jaipur: ['diwali', 'holi', 'eid'],
  Karad: ['diwali', 'ganeshotsav'],
  Hosapete: ['diwali', 'pongal'],
};

const FESTIVAL_INFO: Record<Festival, { label: string; greeting: string; deal: string; tag: string }> = {
  diwali: { label: 'Diwali', greeting: 'Happy Diwali!', deal: 'Diwali Dhamaka', tag: 'diwali' },
  holi: { label: 'Holi', greeting: 'Happy Holi!', deal: 'Holi Rang Barse Offer', tag: 'holi' },
  eid: { label: 'Eid', greeting: 'Eid Mubarak!', deal: 'Eid Special', tag: 'eid' },
  christmas: { label: 'Christmas', greeting: 'Merry Christmas!', deal: 'Christmas Special', tag: 'christmas' },
  pongal: { label: 'Pongal & Sankranti', greeting: 'Happy Pongal and Sankranti!', deal: 'Sankranti Sale', tag: 'pongal' },
  onam: { label: 'Onam', greeting: 'Happy Onam!', deal: 'Onam Offer', tag: 'onam' },
  ganeshotsav: { label: 'Ganeshotsav', greeting: 'Ganpati Bappa Morya!', deal: 'Ganeshotsav Offer', tag: 'ganeshchaturthi' },
};

/** Festival-specific products, falling back to the category's own products. */
const FESTIVAL_PRODUCTS: Partial<Record<Festival, Partial<Record<CategoryName, Product>>>> = {
  diwali: {
    Grocery: { name: 'Dry Fruits Gift Box 1 kg', mrp: 1400 },
    Sweets: { name: 'Kaju Katli 1 kg', mrp: 1100 },
    Bakery: { name: 'Diwali Cookie Hamper', mrp: 650 },
    Clothing: { name: 'Festive Kurta Set', mrp: 2499 },
    Hardware: { name: 'Decorative LED String Lights', mrp: 499 },
    Tuition: { name: 'Diwali Vacation Crash Course', mrp: 3000 },
    Pharmacy: { name: 'Sugar-free Sweets Box 500 g', mrp: 450 },
    Fitness: { name: '30-Day Diwali Fit Challenge', mrp: 2000 },
    Salon: { name: 'Diwali Glow Facial', mrp: 1500 },
    'Mobile Repair': { name: 'Festive Accessories Combo', mrp: 999 },
    Jewellery: { name: '24K Gold Coin 2 g (Dhanteras)', mrp: 15_200 },
    Optical: { name: 'Designer Frames + Lenses', mrp: 3500 },
    Restaurant: { name: 'Diwali Special Thali', mrp: 299 },
  },
  holi: {
    Grocery: { name: 'Herbal Gulal Pack (5 colours)', mrp: 350 },
    Sweets: { name: 'Gujiya (box of 12)', mrp: 480 },
    Clothing: { name: 'White Chikankari Kurta', mrp: 1299 },
    Salon: { name: 'Post-Holi Hair Spa', mrp: 1200 },
    Restaurant: { name: 'Thandai + Chaat Platter', mrp: 260 },
  },
  eid: {
    Restaurant: { name: 'Eid Special Mutton Biryani (family pack)', mrp: 1199 },
    Sweets: { name: 'Sheer Khurma Kit', mrp: 400 },
    Bakery: { name: 'Dry Fruit Rusk 500 g', mrp: 220 },
    Clothing: { name: 'Pathani Suit', mrp: 2199 },
    Grocery: { name: 'Premium Dates 1 kg', mrp: 900 },
    Jewellery: { name: 'Silver Bangles (pair)', mrp: 4500 },
  },
  christmas: {
    Bakery: { name: 'Rich Plum Cake 500 g', mrp: 450 },
    Restaurant: { name: 'Christmas Dinner for Two', mrp: 1299 },
    Clothing: { name: 'Party Wear Dresses', mrp: 1999 },
    Electronics: { name: 'Bluetooth Party Speaker', mrp: 6990 },
  },
  pongal: {
    Grocery: { name: 'Pongal Kit (rice, jaggery, moong dal, ghee)', mrp: 650 },
    Sweets: { name: 'Ellu Bella Mix 500 g', mrp: 240 },
    Clothing: { name: 'Pure Silk Pavadai for Girls', mrp: 1899 },
    Restaurant: { name: 'Sankranti Special Meals', mrp: 220 },
  },
  onam: {
    Restaurant: { name: 'Onam Sadya (24 items)', mrp: 450 },
    Clothing: { name: 'Kerala Kasavu Saree', mrp: 2400 },
    Grocery: { name: 'Onam Payasam Kit', mrp: 380 },
  },
  ganeshotsav: {
    Sweets: { name: 'Ukadiche Modak (box of 11)', mrp: 330 },
    Grocery: { name: 'Puja Samagri Kit', mrp: 550 },
    Hardware: { name: 'Decoration LED Lights (10 m)', mrp: 699 },
    Clothing: { name: 'Nauvari Saree', mrp: 3200 },
    Bakery: { name: 'Modak Cake 1 kg', mrp: 800 },
  },
};

const HINGLISH = [
  'Jaldi aaiye, stock limited hai!',
  'Aaj hi visit karein.',
  'Call karo, order pakka!',
  'Offer sirf is weekend tak.',
  'Miss mat karna!',
  'Sabse accha, sabse sasta.',
  'Apne doston ke saath share karein.',
  'Bas ek call kijiye.',
];
const CTA = [
  'Call or WhatsApp us to order.',
  'Visit us today.',
  'Limited stock, hurry!',
  'Offer valid till stocks last.',
  'Message us on WhatsApp to book.',
  'See you at the shop!',
];

export type DemoPost = {
  id: string;
  business: DemoBusiness;
  category: CategoryName;
  content: string;
  hashtags: string[];
  mrpPaise: number | null;
  ourPricePaise: number | null;
  homeDelivery: boolean | null;
  cards: PostCardSpec[];
  /** Minutes before `now` the post was created. */
  ageMinutes: number;
  lat: number;
  lon: number;
  likesCount: number;
  viewsCount: number;
};

type Draft = {
  content: string;
  tags: string[];
  mrp: number | null;
  price: number | null;
  headline: string;
  eyebrow: string;
  subline?: string;
  ribbon?: string;
  festival?: Festival;
  extraCards?: PostCardSpec[];
  /** Force the image count (else random). */
  images?: number;
  /** Force the delivery flag (else by category odds). */
  delivery?: boolean | null;
};

type Ctx = { rng: Rng; b: DemoBusiness; delivery: boolean | null };
type Template = { key: string; weight: number; make: (c: Ctx) => Draft | null };

const rupees = (r: number): string => formatRupees(Math.round(r * 100));

/** A shop-style price: …9 or …99 endings, never above the MRP. */
function nicePrice(mrp: number, pct: number): number {
  if (pct <= 0) return mrp;
  const raw = mrp * (1 - pct / 100);
  if (raw < 50) return Math.max(1, Math.floor(raw));
  let p: number;
  if (raw < 1000) p = Math.floor(raw / 10) * 10 - 1;
  else if (raw < 20_000) p = Math.floor(raw / 100) * 100 - 1;
  else p = Math.floor(raw / 1000) * 1000 - 1;
  return Math.min(mrp, Math.max(1, p));
}

function productsFor(b: DemoBusiness): Product[] {
  return PRODUCTS[b.category].filter((p) => !p.regions || p.regions.includes(b.place.region));
}

function priceLine(rng: Rng, mrp: number, price: number): string {
  if (price >= mrp) return rng.pick([`Just ${rupees(price)}.`, `Only ${rupees(price)}.`, `Price: ${rupees(price)}.`]);
  const pct = discountPercent(Math.round(mrp * 100), Math.round(price * 100)) ?? 0;
  return rng.pick([
    `MRP ${rupees(mrp)}, our price only ${rupees(price)}.`,
    `Now ${rupees(price)} instead of ${rupees(mrp)} (${pct}% off).`,
    `Our price ${rupees(price)} (MRP ${rupees(mrp)}).`,
    `Flat ${pct}% off: ${rupees(price)} only, MRP ${rupees(mrp)}.`,
  ]);
}

function deliveryLine(c: Ctx): string {
  if (c.delivery === true)
    return c.rng.pick([
      `Free home delivery in ${c.b.locality.name}.`,
      'Free home delivery within 3 km.',
      `Free home delivery anywhere in ${c.b.locality.name} and nearby.`,
      'Free home delivery on orders above ₹499.',
    ]);
  if (c.delivery === false)
    return c.rng.pick([
      'Store pick-up only.',
      'Delivery charges extra, or pick up from the shop.',
      'Available at the store only.',
    ]);
  return '';
}

function closing(rng: Rng): string {
  return rng.chance(0.45) ? rng.pick(HINGLISH) : rng.pick(CTA);
}

function join(...parts: (string | undefined | false)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(' ');
}

function tagsLine(tags: string[]): string {
  return tags.map((t) => `#${t}`).join(' ');
}

function productTag(name: string): string {
  const w = name
    .replace(/\(.*?\)/g, '')
    .replace(/[0-9]+(\.[0-9]+)?\s*(kg|g|l|ml|w|ton)\b/gi, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .split(/\s+/)
    .filter((x) => x.length > 2 && !['and', 'for', 'the', 'with', 'pack', 'box'].includes(x));
  return w.slice(0, 2).join('');
}

// ------------------------------------------------------------------------------------------------
// Templates for every category (they use the category's products)
// ------------------------------------------------------------------------------------------------

/** Services, not goods: no "new arrival" or combo posts. */
const SERVICE_CATEGORIES = new Set<CategoryName>(['Salon', 'Tuition', 'Fitness']);
const NO_COMBO = new Set<CategoryName>(['Tuition', 'Fitness', 'Jewellery', 'Electronics']);

const newArrival: Template = {
  key: 'new-arrival',
  weight: 3,
  make: ({ rng, b, delivery }) => {
    if (SERVICE_CATEGORIES.has(b.category)) return null;
    const goods = productsFor(b).filter((x) => !x.service);
    if (goods.length === 0) return null;
    const p = rng.pick(goods);
    const pct = rng.pick([0, 5, 10, 10, 15]);
    const price = nicePrice(p.mrp, pct);
    const c: Ctx = { rng, b, delivery };
    const tag = productTag(p.name);
    return {
      eyebrow: 'New arrival',
      headline: p.name,
      subline: rng.pick(['Fresh stock just in', 'Now available in store', 'Latest collection']),
      mrp: p.mrp,
      price,
      ribbon: price < p.mrp ? 'NEW' : undefined,
      tags: [CATEGORY_TAG[b.category], 'newarrival'],
      content: join(
        rng.pick([
          `New arrival at ${b.businessName}!`,
          'Fresh stock just arrived!',
          `Naya stock aa gaya hai, ${b.locality.name}!`,
        ]),
        `${p.name} now available.`,
        priceLine(rng, p.mrp, price),
        deliveryLine(c),
        closing(rng),
        tagsLine(['newarrival', tag].filter(Boolean)),
      ),
    };
  },
};

const weekendSale: Template = {
  key: 'weekend-sale',
  weight: 3,
  make: ({ rng, b, delivery }) => {
    const p = rng.pick(productsFor(b));
    const pct = rng.pick([10, 15, 20, 25, 30]);
    const price = nicePrice(p.mrp, pct);
    const realPct = discountPercent(Math.round(p.mrp * 100), Math.round(price * 100)) ?? pct;
    return {
      eyebrow: rng.pick(['Weekend sale', 'Bumper sale', 'Limited offer']),
      headline: `${realPct}% off ${p.name}`,
      mrp: p.mrp,
      price,
      ribbon: `${realPct}% OFF`,
      tags: [CATEGORY_TAG[b.category], 'offer', 'weekendsale'],
      content: join(
        rng.pick(['Weekend Sale is live!', 'Bumper weekend offer!', 'This Saturday and Sunday only:']),
        `${p.name} at ${realPct}% off.`,
        priceLine(rng, p.mrp, price),
        deliveryLine({ rng, b, delivery }),
        closing(rng),
        tagsLine(['weekendsale', 'offer']),
      ),
    };
  },
};

const combo: Template = {
  key: 'combo',
  weight: 2,
  make: ({ rng, b, delivery }) => {
    if (NO_COMBO.has(b.category)) return null;
    const list = rng.shuffle(productsFor(b));
    const [a, z] = list;
    if (!a || !z) return null;
    const mrp = a.mrp + z.mrp;
    const price = nicePrice(mrp, rng.pick([12, 15, 18, 20]));
    return {
      eyebrow: 'Combo offer',
      headline: `${shortName(a.name)} + ${shortName(z.name)}`,
      subline: `Worth ${rupees(mrp)}`,
      mrp,
      price,
      ribbon: 'COMBO',
      tags: [CATEGORY_TAG[b.category], 'combooffer', 'offer'],
      images: rng.chance(0.5) ? 3 : 1,
      extraCards: [a, z].map((p) => productCard(b, p, rng.pick(['Part of the combo', 'Also sold separately']))),
      content: join(
        rng.pick(['Combo offer!', 'Super saver combo!', 'Double dhamaka combo!']),
        `${a.name} + ${z.name}, worth ${rupees(mrp)}, together for just ${rupees(price)}.`,
        deliveryLine({ rng, b, delivery }),
        closing(rng),
        tagsLine(['combooffer', 'offer']),
      ),
    };
  },
};

const bestPrice: Template = {
  key: 'best-price',
  weight: 2,
  make: ({ rng, b, delivery }) => {
    const p = rng.pick(productsFor(b));
    const price = nicePrice(p.mrp, rng.pick([5, 8, 12]));
    return {
      eyebrow: `Best price in ${b.locality.name}`,
      headline: p.name,
      mrp: p.mrp,
      price,
      ribbon: 'BEST PRICE',
      tags: [CATEGORY_TAG[b.category], 'bestprice', b.place.city.toLowerCase()],
      content: join(
        `Best price in ${b.locality.name}, guaranteed!`,
        `${p.name}: ${priceLine(rng, p.mrp, price)}`,
        deliveryLine({ rng, b, delivery }),
        closing(rng),
        tagsLine(['bestprice']),
      ),
    };
  },
};

const homeDelivery: Template = {
  key: 'home-delivery',
  weight: 2,
  make: ({ rng, b }) => {
    if ((DELIVERY_ODDS[b.category][0] ?? 0) < 0.3) return null;
    const area = b.locality.name;
    return {
      eyebrow: 'Now delivering',
      headline: `Free home delivery in ${area}`,
      subline: `Order on WhatsApp: ${b.businessPhone}`,
      mrp: null,
      price: null,
      delivery: true,
      tags: [CATEGORY_TAG[b.category], 'homedelivery', slugTag(area)],
      content: join(
        rng.pick([`Ab ghar baithe order karein!`, 'Good news for our customers!', `${area}, we now deliver!`]),
        `Free home delivery in ${area} and nearby areas, ${b.hours}.`,
        `Send your order on WhatsApp to ${b.businessPhone}.`,
        closing(rng),
        tagsLine(['homedelivery', slugTag(area)]),
      ),
    };
  },
};

const announcement: Template = {
  key: 'announcement',
  weight: 1,
  make: ({ rng, b }) => {
    const kind = rng.int(0, 2);
    const years = 2 + rng.int(0, 20);
    if (kind === 0)
      return {
        eyebrow: 'Now open on Sundays',
        headline: `Open all 7 days, ${b.hours}`,
        mrp: null,
        price: null,
        delivery: null,
        tags: [CATEGORY_TAG[b.category], 'opennow'],
        content: join(
          `Good news! ${b.businessName} is now open on Sundays too, ${b.hours}.`,
          rng.pick(['Aapki suvidha ke liye.', 'Thank you for your support.', 'Come say hello!']),
          tagsLine(['opennow', slugTag(b.locality.name)]),
        ),
      };
    if (kind === 1)
      return {
        eyebrow: 'Thank you!',
        headline: `${years} years of serving ${b.locality.name}`,
        mrp: null,
        price: null,
        delivery: null,
        tags: [CATEGORY_TAG[b.category], 'supportlocal', 'thankyou'],
        content: join(
          `Thank you ${b.locality.name} for ${years} wonderful years!`,
          'Your trust keeps our small business going.',
          rng.pick(['Dhanyavaad!', 'Shukriya!', 'We are grateful.']),
          tagsLine(['supportlocal', 'vocalforlocal']),
        ),
      };
    return {
      eyebrow: 'Visit us',
      headline: b.businessName,
      subline: `${b.locality.name}, ${b.place.city}`,
      mrp: null,
      price: null,
      delivery: null,
      tags: [CATEGORY_TAG[b.category], 'shoplocal'],
      content: join(
        `Visit ${b.businessName} at ${b.businessAddress}.`,
        `Open ${b.hours}.`,
        `Call ${b.businessPhone}.`,
        tagsLine(['shoplocal', slugTag(b.place.city)]),
      ),
    };
  },
};

function festivalTemplate(festival: Festival): Template {
  return {
    key: `festival-${festival}`,
    weight: 3,
    make: ({ rng, b, delivery }) => {
      const info = FESTIVAL_INFO[festival];
      const p = FESTIVAL_PRODUCTS[festival]?.[b.category] ?? rng.pick(productsFor(b));
      const pct = rng.pick([10, 15, 20, 25]);
      const price = nicePrice(p.mrp, pct);
      const realPct = discountPercent(Math.round(p.mrp * 100), Math.round(price * 100)) ?? pct;
      return {
        eyebrow: info.deal,
        headline: p.name,
        subline: info.greeting,
        festival,
        mrp: p.mrp,
        price,
        ribbon: `${realPct}% OFF`,
        tags: [info.tag, 'offer', 'festiveoffer', CATEGORY_TAG[b.category]],
        content: join(
          info.greeting,
          rng.pick([
            `${info.deal} at ${b.businessName}:`,
            `Celebrate ${info.label} with ${b.businessName}!`,
            `${info.label} ki shubhkamnayein!`,
          ]),
          `${p.name} at ${realPct}% off.`,
          priceLine(rng, p.mrp, price),
          deliveryLine({ rng, b, delivery }),
          closing(rng),
          tagsLine([info.tag, 'offer', 'festiveoffer']),
        ),
      };
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Category-specific templates
// ------------------------------------------------------------------------------------------------

const SPECIALS: Partial<Record<CategoryName, readonly Template[]>> = {
  Grocery: [
    {
      key: 'monthly-ration',
      weight: 2,
      make: ({ rng, b }) => {
        const price = nicePrice(4500, 12);
        return {
          eyebrow: 'Monthly ration kit',
          headline: 'Everything for the month, one kit',
          subline: 'Rice, atta, dal, oil, sugar, tea & masalas',
          mrp: 4500,
          price,
          ribbon: 'SAVE MORE',
          delivery: true,
          tags: ['kirana', 'monthlyration', 'offer'],
          content: join(
            'Monthly ration kit for a family of 4: 10 kg atta, 5 kg rice, 2 kg toor dal, 2 L oil, sugar, tea and masalas.',
            `Worth ${rupees(4500)}, our price ${rupees(price)}.`,
            `Free home delivery in ${b.locality.name}.`,
            rng.pick(HINGLISH),
            '#monthlyration #offer #kirana',
          ),
        };
      },
    },
    {
      key: 'fresh-veg',
      weight: 1,
      make: ({ rng, b }) => ({
        eyebrow: 'Fresh every morning',
        headline: 'Farm-fresh vegetables & fruits',
        subline: 'Straight from the mandi at 6 am',
        mrp: null,
        price: null,
        delivery: rng.pick([true, null]),
        tags: ['freshvegetables', 'kirana'],
        content: join(
          `Fresh vegetables and fruits now at ${b.businessName}, straight from the mandi every morning.`,
          'Sabzi bhi, fruits bhi!',
          '#freshvegetables #farmfresh',
        ),
      }),
    },
  ],
  Restaurant: [
    {
      key: 'todays-special',
      weight: 3,
      make: ({ rng, b, delivery }) => {
        const p = rng.pick(productsFor(b));
        return {
          eyebrow: "Today's special",
          headline: p.name,
          subline: rng.pick(['Lunch 12–3:30 pm', 'Dinner 7–11 pm', 'Lunch and dinner']),
          mrp: p.mrp,
          price: p.mrp,
          tags: ['foodie', 'todaysspecial', slugTag(b.place.city) + 'food'],
          content: join(
            `Today's special at ${b.businessName}: ${p.name}!`,
            `Just ${rupees(p.mrp)}.`,
            deliveryLine({ rng, b, delivery }),
            rng.pick(['Garma garam, ghar jaisa khana.', 'Made fresh, served hot.', 'Swad aisa ki ungliyan chaat te reh jaoge!']),
            `#todaysspecial #${slugTag(b.place.city)}food`,
          ),
        };
      },
    },
    {
      key: 'party-orders',
      weight: 1,
      make: ({ b }) => ({
        eyebrow: 'Party orders',
        headline: 'Birthday & office party orders',
        subline: 'From 20 to 500 guests',
        mrp: null,
        price: null,
        delivery: null,
        tags: ['catering', 'partyorders'],
        content: join(
          'Planning a birthday, puja or office party?',
          `${b.businessName} takes party orders from 20 to 500 guests, veg and non-veg menus, with serving staff on request.`,
          `Call ${b.businessPhone} for the menu.`,
          '#catering #partyorders',
        ),
      }),
    },
  ],
  Salon: [
    {
      key: 'bridal',
      weight: 2,
      make: ({ rng }) => {
        const mrp = rng.pick([15_000, 18_000, 22_000]);
        const price = nicePrice(mrp, 20);
        return {
          eyebrow: 'Wedding season',
          headline: 'Bridal makeup package',
          subline: 'HD makeup, hairstyle, draping & mehendi',
          mrp,
          price,
          ribbon: '20% OFF',
          delivery: null,
          tags: ['bridalmakeup', 'weddingseason', 'salon'],
          content: join(
            'Bridal package for the wedding season: HD makeup, hairstyle, saree draping, nail art and mehendi.',
            priceLine(rng, mrp, price),
            'Pre-bridal facials included. Book your trial today!',
            '#bridalmakeup #weddingseason #offer',
          ),
        };
      },
    },
    {
      key: 'weekday-grooming',
      weight: 2,
      make: ({ rng }) => ({
        eyebrow: 'Weekday offer (Mon–Thu)',
        headline: 'Haircut + Beard + Head Massage',
        mrp: 550,
        price: 349,
        ribbon: '36% OFF',
        delivery: null,
        tags: ['mensgrooming', 'salon', 'offer'],
        content: join(
          'Weekday grooming combo, Monday to Thursday: haircut, beard styling and a 10-minute head massage.',
          `MRP ${rupees(550)}, offer price ${rupees(349)}.`,
          rng.pick(['Walk-ins welcome.', 'Book on WhatsApp to skip the wait.']),
          '#mensgrooming #offer',
        ),
      }),
    },
  ],
  Clothing: [
    {
      key: 'wedding-collection',
      weight: 2,
      make: ({ rng, b, delivery }) => {
        const p = rng.pick(productsFor(b).filter((x) => x.mrp > 1400));
        const price = nicePrice(p.mrp, rng.pick([10, 15]));
        return {
          eyebrow: 'Wedding collection',
          headline: p.name,
          subline: 'Shaadi season special',
          mrp: p.mrp,
          price,
          ribbon: 'NEW',
          tags: ['weddingcollection', 'ethnicwear', 'fashion'],
          content: join(
            `Shaadi season collection is here at ${b.businessName}!`,
            `${p.name}: ${priceLine(rng, p.mrp, price)}`,
            'Free fall-pico and alterations.',
            deliveryLine({ rng, b, delivery }),
            '#weddingcollection #ethnicwear',
          ),
        };
      },
    },
    {
      key: 'end-of-season',
      weight: 2,
      make: ({ rng }) => ({
        eyebrow: 'End of season sale',
        headline: 'Flat 50% off on summer wear',
        subline: 'Kurtis, shirts, kids wear',
        mrp: 1199,
        price: 599,
        ribbon: '50% OFF',
        delivery: false,
        tags: ['endofseasonsale', 'sale', 'offer', 'fashion'],
        content: join(
          'End of season sale! Flat 50% off on summer collection: cotton kurtis, shirts and kids wear.',
          `Kurtis from ${rupees(599)} (MRP ${rupees(1199)}).`,
          rng.pick(HINGLISH),
          'In-store only. #endofseasonsale #sale',
        ),
      }),
    },
  ],
  Electronics: [
    {
      key: 'exchange',
      weight: 2,
      make: ({ rng, b }) => {
        const p = rng.pick(productsFor(b).filter((x) => x.mrp > 20_000));
        const price = nicePrice(p.mrp, rng.pick([18, 22, 25]));
        return {
          eyebrow: 'Exchange offer + No-cost EMI',
          headline: p.name,
          subline: 'Old for new, any brand, any condition',
          mrp: p.mrp,
          price,
          ribbon: 'EXCHANGE',
          delivery: true,
          tags: ['exchangeoffer', 'nocostemi', 'electronics', 'offer'],
          content: join(
            `Exchange your old appliance and take home a new ${p.name}.`,
            priceLine(rng, p.mrp, price),
            'No-cost EMI on all major cards. Free delivery and installation.',
            closing(rng),
            '#exchangeoffer #nocostemi',
          ),
        };
      },
    },
  ],
  Pharmacy: [
    {
      key: 'health-camp',
      weight: 2,
      make: ({ b }) => ({
        eyebrow: 'Free health camp · Sunday',
        headline: 'Free BP & sugar check-up',
        subline: '9 am to 1 pm, no appointment needed',
        mrp: null,
        price: null,
        delivery: null,
        tags: ['healthcamp', 'freecheckup', 'pharmacy'],
        content: join(
          `Free BP, sugar and SpO2 check-up camp this Sunday, 9 am to 1 pm, at ${b.businessName}, ${b.locality.name}.`,
          'Senior citizens especially welcome. Bring your old prescriptions for a free medicine review.',
          '#healthcamp #freecheckup',
        ),
      }),
    },
    {
      key: 'generic',
      weight: 2,
      make: ({ rng, b }) => ({
        eyebrow: 'Save on medicines',
        headline: 'Up to 20% off on all medicines',
        subline: 'Generic options up to 70% cheaper',
        mrp: null,
        price: null,
        delivery: true,
        tags: ['medicines', 'pharmacy', 'offer'],
        content: join(
          'Flat 20% off on prescription medicines, and generic options that cost up to 70% less.',
          `Free home delivery for senior citizens in ${b.locality.name}.`,
          rng.pick([
            'Send a photo of your prescription on WhatsApp.',
            'Upload your prescription on WhatsApp and we will keep it ready.',
          ]),
          '#medicines #offer',
        ),
      }),
    },
  ],
  Tuition: [
    {
      key: 'admissions',
      weight: 4,
      make: ({ rng, b }) => {
        const p = rng.pick(productsFor(b));
        const price = nicePrice(p.mrp, rng.pick([10, 15, 20]));
        return {
          eyebrow: 'Admissions open',
          headline: p.name.replace(/ \(.*\)$/, ''),
          subline: 'Small batches · weekly tests',
          mrp: p.mrp,
          price,
          ribbon: 'EARLY BIRD',
          delivery: null,
          tags: ['admissionsopen', 'tuition', 'education'],
          content: join(
            `Admissions open at ${b.businessName}!`,
            `${p.name}: early-bird fee ${rupees(price)} (regular ${rupees(p.mrp)}).`,
            'Small batches, weekly tests, doubt sessions every Saturday.',
            rng.pick(['Limited seats.', 'Seats bharne se pehle book karein!']),
            '#admissionsopen #education',
          ),
        };
      },
    },
    {
      key: 'demo-class',
      weight: 2,
      make: ({ rng, b }) => ({
        eyebrow: 'Free demo class',
        headline: 'Attend 2 classes free, then decide',
        subline: `Maths · Science · English · ${b.locality.name}`,
        mrp: null,
        price: null,
        delivery: null,
        tags: ['freedemoclass', 'tuition'],
        content: join(
          'Not sure which coaching to choose? Attend 2 demo classes free!',
          `Maths, Science and English for Class ${rng.pick(['6 to 10', '8 to 12', '5 to 10'])}.`,
          `Call ${b.businessPhone} to book a seat.`,
          '#freedemoclass #tuition',
        ),
      }),
    },
    {
      key: 'results',
      weight: 1,
      make: ({ rng, b }) => {
        const n = rng.int(8, 25);
        return {
          eyebrow: 'Proud moment',
          headline: `${n} students scored 90%+`,
          subline: 'Congratulations to all our toppers!',
          mrp: null,
          price: null,
          delivery: null,
          tags: ['results', 'toppers', 'tuition'],
          content: join(
            `Proud of our students! ${n} students of ${b.businessName} scored above 90% in the board exams this year.`,
            'Thank you, parents, for your trust. Bahut bahut badhai!',
            '#results #toppers',
          ),
        };
      },
    },
  ],
  Bakery: [
    {
      key: 'fresh-from-oven',
      weight: 2,
      make: ({ rng, b, delivery }) => {
        const p = rng.pick(productsFor(b).filter((x) => x.mrp < 500));
        return {
          eyebrow: 'Fresh from the oven',
          headline: p.name,
          subline: 'Baked this morning',
          mrp: p.mrp,
          price: p.mrp,
          tags: ['bakery', 'freshlybaked'],
          content: join(
            `Fresh from the oven: ${p.name}, baked this morning at ${b.businessName}.`,
            `Just ${rupees(p.mrp)}.`,
            deliveryLine({ rng, b, delivery }),
            '#freshlybaked #bakery',
          ),
        };
      },
    },
    {
      key: 'custom-cakes',
      weight: 2,
      make: ({ rng }) => ({
        eyebrow: 'Birthday? Anniversary?',
        headline: 'Custom theme cakes, eggless too',
        subline: 'Order 24 hours in advance',
        mrp: 1200,
        price: 999,
        ribbon: 'ORDER NOW',
        delivery: rng.pick([true, false]),
        tags: ['customcakes', 'birthdaycake', 'eggless'],
        content: join(
          'Custom theme cakes for birthdays and anniversaries: photo cakes, cartoon cakes, tier cakes.',
          `1 kg designer cake from ${rupees(999)} (usually ${rupees(1200)}). Eggless available.`,
          'Order 24 hours in advance on WhatsApp.',
          '#customcakes #birthdaycake #eggless',
        ),
      }),
    },
  ],
  Sweets: [
    {
      key: 'fresh-batch',
      weight: 2,
      make: ({ rng, b, delivery }) => {
        const p = rng.pick(productsFor(b));
        return {
          eyebrow: 'Taaza taaza',
          headline: p.name,
          subline: 'Made in pure desi ghee',
          mrp: p.mrp,
          price: p.mrp,
          tags: ['mithai', 'sweets', 'desighee'],
          content: join(
            `Fresh batch of ${p.name} ready at ${b.businessName}!`,
            `Pure desi ghee, made today. ${rupees(p.mrp)}.`,
            deliveryLine({ rng, b, delivery }),
            rng.pick(['Muh meetha kijiye!', 'Kuch meetha ho jaaye?']),
            '#mithai #desighee',
          ),
        };
      },
    },
  ],
  'Mobile Repair': [
    {
      key: 'express-repair',
      weight: 3,
      make: ({ rng, b }) => {
        const p = rng.pick(PRODUCTS['Mobile Repair'].slice(0, 3));
        const price = nicePrice(p.mrp, 20);
        return {
          eyebrow: '30-minute repair',
          headline: p.name,
          subline: 'Genuine parts · 3-month warranty',
          mrp: p.mrp,
          price,
          ribbon: 'EXPRESS',
          delivery: rng.pick([null, false]),
          tags: ['mobilerepair', 'screenrepair', 'offer'],
          content: join(
            `Phone broken? ${p.name} in 30 minutes at ${b.businessName}.`,
            `From ${rupees(price)} (usual ${rupees(p.mrp)}).`,
            'Genuine parts, 3-month warranty, all brands.',
            '#mobilerepair #offer',
          ),
        };
      },
    },
  ],
  Hardware: [
    {
      key: 'monsoon',
      weight: 2,
      make: ({ rng }) => {
        const price = nicePrice(1250, 15);
        return {
          eyebrow: 'Before the monsoon',
          headline: 'Waterproofing solutions',
          subline: 'Terrace, walls & bathrooms',
          mrp: 1250,
          price,
          ribbon: '15% OFF',
          delivery: rng.pick([true, false]),
          tags: ['waterproofing', 'monsoonready', 'hardware'],
          content: join(
            'Get your home monsoon-ready! Waterproofing solution 4 L for terraces, walls and bathrooms.',
            `MRP ${rupees(1250)}, our price ${rupees(price)}. Free advice from our painter partners.`,
            '#waterproofing #monsoonready',
          ),
        };
      },
    },
  ],
  Fitness: [
    {
      key: 'new-batch',
      weight: 3,
      make: ({ rng, b }) => {
        const p = rng.pick(productsFor(b));
        const price = nicePrice(p.mrp, rng.pick([15, 20, 30]));
        return {
          eyebrow: 'New batch starting Monday',
          headline: p.name,
          subline: '6 am · 7 am · 6 pm · ladies batch 11 am',
          mrp: p.mrp,
          price,
          ribbon: 'JOIN NOW',
          delivery: null,
          tags: ['fitness', 'gym', 'fitindia'],
          content: join(
            `New batch starting Monday at ${b.businessName}!`,
            `${p.name}: ${priceLine(rng, p.mrp, price)}`,
            'Certified trainers, diet chart included. First trial session free.',
            '#fitness #fitindia',
          ),
        };
      },
    },
  ],
  Jewellery: [
    {
      key: 'making-charges',
      weight: 2,
      make: ({ rng }) => ({
        eyebrow: 'Wedding season offer',
        headline: 'Up to 50% off on making charges',
        subline: 'On gold & diamond jewellery',
        mrp: null,
        price: null,
        delivery: null,
        tags: ['jewellery', 'gold', 'weddingseason', 'offer'],
        content: join(
          'Up to 50% off on making charges on gold and diamond jewellery.',
          'BIS hallmarked, 100% buy-back guarantee.',
          rng.pick(['Visit our showroom with your family.', 'Book a private viewing on WhatsApp.']),
          '#gold #weddingseason #offer',
        ),
      }),
    },
  ],
  Optical: [
    {
      key: 'eye-test',
      weight: 2,
      make: ({ b }) => ({
        eyebrow: 'Free eye test',
        headline: 'Computerised eye test, free',
        subline: 'Every Sunday, 10 am to 6 pm',
        mrp: null,
        price: null,
        delivery: null,
        tags: ['eyecare', 'freeeyetest'],
        content: join(
          `Free computerised eye test every Sunday at ${b.businessName}.`,
          'Spectacles ready in 1 hour. Blue-cut lenses for screen users and kids.',
          '#freeeyetest #eyecare',
        ),
      }),
    },
  ],
};

// ------------------------------------------------------------------------------------------------
// Generation
// ------------------------------------------------------------------------------------------------

function shortName(name: string): string {
  return name.replace(/ \(.*\)$/, '');
}

function slugTag(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function productCard(b: DemoBusiness, p: { name: string; mrp: number }, eyebrow: string): PostCardSpec {
  return {
    category: b.category,
    layout: 'product',
    eyebrow,
    headline: shortName(p.name),
    mrpPaise: Math.round(p.mrp * 100),
    ourPricePaise: Math.round(p.mrp * 100),
    businessName: b.businessName,
    locality: b.locality.name,
    city: b.place.city,
  };
}

function storeCard(b: DemoBusiness): PostCardSpec {
  return {
    category: b.category,
    layout: 'store',
    eyebrow: 'Visit us',
    headline: b.businessName,
    subline: `Open ${b.hours}`,
    businessName: b.businessName,
    locality: b.locality.name,
    city: b.place.city,
    phone: b.businessPhone,
  };
}

function pickDelivery(rng: Rng, category: CategoryName): boolean | null {
  const [t, f] = DELIVERY_ODDS[category];
  const r = rng.next();
  if (r < t) return true;
  if (r < t + f) return false;
  return null;
}

function templatesFor(b: DemoBusiness): Template[] {
  const festivals = CITY_FESTIVALS[b.place.city] ?? ['diwali'];
  return [
    newArrival,
    weekendSale,
    combo,
    bestPrice,
    homeDelivery,
    announcement,
    ...festivals.map(festivalTemplate),
    ...(SPECIALS[b.category] ?? []),
  ];
}

function weightedOrder(rng: Rng, templates: Template[]): Template[] {
  // Efraimidis–Spirakis: sort by u^(1/w) descending, a weighted shuffle without replacement.
  return templates
    .map((t) => ({ t, k: Math.pow(rng.next(), 1 / t.weight) }))
    .sort((a, b) => b.k - a.k)
    .map((x) => x.t);
}

function draftToPost(
  rng: Rng,
  b: DemoBusiness,
  d: Draft,
  delivery: boolean | null,
  imageCount: number,
): Omit<DemoPost, 'id' | 'ageMinutes' | 'likesCount' | 'viewsCount'> {
  const mrpPaise = d.mrp === null ? null : Math.round(d.mrp * 100);
  const ourPricePaise = d.price === null ? null : Math.round(d.price * 100);
  const cover: PostCardSpec = {
    category: b.category,
    layout: 'offer',
    festival: d.festival ?? null,
    eyebrow: d.eyebrow,
    headline: d.headline,
    subline: d.subline ?? null,
    mrpPaise,
    ourPricePaise,
    ribbon: d.ribbon ?? null,
    businessName: b.businessName,
    locality: b.locality.name,
    city: b.place.city,
    footer: delivery === true ? 'Free home delivery' : null,
  };
  const cards: PostCardSpec[] = [];
  if (imageCount > 0) cards.push(cover);
  const extras = [...(d.extraCards ?? []), storeCard(b)];
  for (const extra of extras) {
    if (cards.length >= imageCount) break;
    cards.push(extra);
  }
  const cityTag = slugTag(b.place.city);
  return {
    business: b,
    category: b.category,
    content: d.content,
    hashtags: extractHashtags([...d.tags, cityTag], d.content),
    mrpPaise,
    ourPricePaise,
    homeDelivery: delivery,
    cards,
    // Within ~150 m of the shop.
    lat: Math.round((b.lat + (rng.next() - 0.5) * 0.003) * 1e6) / 1e6,
    lon: Math.round((b.lon + (rng.next() - 0.5) * 0.003) * 1e6) / 1e6,
  };
}

/** Post ages in minutes: a few within the last hour (one "Just now"), the rest over 30 days, more of them recent. */
function ageFor(rng: Rng, index: number): number {
  if (index % 37 === 0) return index === 0 ? 0.4 : rng.int(2, 58);
  const days = 30 * Math.pow(rng.next(), 1.35);
  const minutes = Math.max(61, Math.floor(days * 24 * 60));
  return Math.min(minutes, 30 * 24 * 60 - 10);
}

function engagement(rng: Rng, ageMinutes: number): { views: number; likes: number } {
  if (ageMinutes < 60) {
    const views = rng.int(0, 6);
    return { views, likes: Math.min(views, rng.int(0, 2)) };
  }
  const days = ageMinutes / 1440;
  const views = Math.round(8 + Math.min(days, 10) * rng.int(3, 16) + rng.int(0, 30));
  const likes = Math.round(views * (0.03 + rng.next() * 0.1));
  return { views, likes };
}

/** "Offer still on" post for an earlier offer: same images, price and delivery, newer date, new text. */
function reminderOf(rng: Rng, original: DemoPost, index: number): DemoPost {
  const cover = original.cards[0];
  const what = cover?.headline ?? 'our offer';
  const b = original.business;
  const mrp = original.mrpPaise ?? 0;
  const price = original.ourPricePaise ?? 0;
  const deal = `${what} at ${formatRupees(price)} (MRP ${formatRupees(mrp)})`;
  const content = join(
    rng.pick([
      `Reminder: ${deal} is still on!`,
      `Offer extended by popular demand! ${deal}.`,
      `Sirf 2 din baaki! ${deal}.`,
      `Last few days: ${deal}.`,
    ]),
    original.homeDelivery === true ? `Free home delivery in ${b.locality.name}.` : '',
    rng.pick(['Thank you for the amazing response!', 'Stock is moving fast.', 'Jaldi aaiye!', `Visit us at ${b.locality.name}.`]),
    '#offer #lastdays',
  );
  // Newer than the original (a reminder comes later), but not in the very last hour unless the original is.
  const ageMinutes = ageFor(rng, index) === 0.4 ? 0.4 : Math.max(1, Math.round(original.ageMinutes * (0.3 + rng.next() * 0.5)));
  const { views, likes } = engagement(rng, ageMinutes);
  return {
    ...original,
    id: rng.uuid(),
    content,
    hashtags: extractHashtags([...original.hashtags.slice(0, 3), 'reminder', slugTag(b.place.city)], content),
    ageMinutes,
    viewsCount: views,
    likesCount: likes,
    lat: Math.round((b.lat + (rng.next() - 0.5) * 0.003) * 1e6) / 1e6,
    lon: Math.round((b.lon + (rng.next() - 0.5) * 0.003) * 1e6) / 1e6,
  };
}

export type GeneratePostsOptions = {
  /** Posts per business: [min, max]. */
  perBusiness?: [number, number];
};

/**
 * Posts for every business. Guarantees used by e2e tests: the first Mumbai business has a
 * post with 3 images, and every place has a Diwali offer (#diwali #offer).
 */
export function generatePosts(rng: Rng, businesses: readonly DemoBusiness[], opts: GeneratePostsOptions = {}): DemoPost[] {
  const [minPer, maxPer] = opts.perBusiness ?? [4, 5];
  const out: DemoPost[] = [];
  const diwaliDone = new Set<string>();
  const firstMumbai = businesses.find((b) => b.place.city === 'Mumbai');
  let index = 0;
  for (const b of businesses) {
    const count = rng.int(minPer, maxPer) + (b.place.smallTown ? 0 : rng.chance(0.3) ? 1 : 0);
    let order = weightedOrder(rng, templatesFor(b));
    // One Diwali offer per place, from a different category in each place.
    if (!diwaliDone.has(b.place.city) && b.category !== 'Tuition') {
      order = [festivalTemplate('diwali'), ...order.filter((t) => t.key !== 'festival-diwali')];
      diwaliDone.add(b.place.city);
    }
    if (b === firstMumbai) order = [combo, ...order.filter((t) => t.key !== 'combo')];
    let made = 0;
    const mine: DemoPost[] = [];
    for (let i = 0; made < count; i++) {
      // Shops re-post the same flyer: a reminder reuses an earlier offer's images and price.
      const earlier = mine.filter((p) => p.cards.length > 0 && p.ourPricePaise !== null && p.mrpPaise !== p.ourPricePaise);
      if (made >= 2 && earlier.length > 0 && rng.chance(0.3)) {
        const original = rng.pick(earlier);
        const reminder = reminderOf(rng, original, index);
        out.push(reminder);
        mine.push(reminder);
        made++;
        index++;
        continue;
      }
      // Cycle through the templates; a second pass gives other products/prices.
      const template = order[i % order.length] as Template;
      if (i > order.length * 3) break;
      const delivery0 = pickDelivery(rng, b.category);
      const d = template.make({ rng, b, delivery: delivery0 });
      if (!d) continue;
      const delivery = d.delivery !== undefined ? d.delivery : delivery0;
      let images: number;
      if (d.images !== undefined) images = d.images;
      else {
        const r = rng.next();
        images = r < 0.08 ? 0 : r < 0.93 ? 1 : r < 0.98 ? 2 : 3;
      }
      if (made === 0 && b === firstMumbai) images = 3;
      const post = draftToPost(rng, b, d, delivery, images);
      const ageMinutes = ageFor(rng, index);
      const { views, likes } = engagement(rng, ageMinutes);
      const demoPost: DemoPost = { ...post, id: rng.uuid(), ageMinutes, viewsCount: views, likesCount: likes };
      out.push(demoPost);
      mine.push(demoPost);
      made++;
      index++;
    }
  }
  return out;
}
