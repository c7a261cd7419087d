/**
 * Demo businesses: Indian business names per category, owners, phone numbers in the mixed formats
 * people really type, addresses in real localities, and a short "About my Business" text.
 */
import type { Locality, Place, Region } from './places';
import type { Rng } from './random';

export const CATEGORIES = [
  'Grocery',
  'Restaurant',
  'Salon',
  'Clothing',
  'Electronics',
  'Pharmacy',
  'Tuition',
  'Bakery',
  'Sweets',
  'Mobile Repair',
  'Hardware',
  'Fitness',
  'Jewellery',
  'Optical',
] as const;
export type CategoryName = (typeof CATEGORIES)[number];

/** Extra categories a business also lists on its profile ("Business Categories"). */
const SECONDARY_CATEGORIES: Record<CategoryName, readonly string[]> = {
  Grocery: ['Dairy', 'Dry Fruits', 'Household'],
  Restaurant: ['Catering', 'Tiffin Service'],
  Salon: ['Beauty Parlour', 'Bridal Makeup'],
  Clothing: ['Ethnic Wear', 'Kids Wear'],
  Electronics: ['Home Appliances', 'Mobiles'],
  Pharmacy: ['Health Care', 'Wellness'],
  Tuition: ['Coaching', 'Education'],
  Bakery: ['Cakes', 'Snacks'],
  Sweets: ['Namkeen', 'Gifting'],
  'Mobile Repair': ['Mobiles', 'Accessories'],
  Hardware: ['Paints', 'Sanitaryware'],
  Fitness: ['Yoga', 'Zumba'],
  Jewellery: ['Silver', 'Gifting'],
  Optical: ['Eye Care', 'Sunglasses'],
};

type NameParts = { surname: string; first: string; deity: string; locality: string; city: string };
type NamePattern = (p: NameParts, region: Region) => string;

/** Business name patterns per category; most use the owner's surname, a deity or the locality. */
const NAME_PATTERNS: Record<CategoryName, readonly NamePattern[]> = {
  Grocery: [
    (p) => `${p.surname} Kirana Store`,
    (p) => `${p.deity} General Stores`,
    (p) => `${p.locality} Fresh Mart`,
    (p) => `${p.deity} Provision Stores`,
    (p) => `${p.surname} Super Bazaar`,
    (p) => `Apna Bazaar ${p.locality}`,
  ],
  Restaurant: [
    (p, r) =>
      r === 'telugu'
        ? `${p.city === 'Hyderabad' ? 'Deccan' : p.locality} Biryani House`
        : r === 'kannada'
          ? `${p.deity} Udupi Grand`
          : r === 'north'
            ? `${p.surname} Di Rasoi`
            : r === 'rajasthani'
              ? `${p.surname} Bhojanalaya`
              : `${p.deity} Pure Veg`,
    (p) => `Hotel ${p.first} Palace`,
    () => 'Annapurna Thali House',
    () => 'Spice Route Kitchen',
    (p, r) => (r === 'marathi' ? `${p.surname} Misal & Vada Pav Centre` : `${p.first}'s Family Restaurant`),
  ],
  Salon: [
    () => 'Glamour Unisex Salon',
    (p) => `${p.first}'s Beauty Parlour`,
    () => 'Style Zone Hair & Beauty',
    () => 'Looks Family Salon',
    (p) => `${p.locality} Men's Grooming Studio`,
    () => 'Mirror Mirror Unisex Salon',
  ],
  Clothing: [
    (p) => `${p.surname} Saree Centre`,
    (p) => `${p.deity} Cloth Emporium`,
    () => 'Trendz Fashion Hub',
    (p) => `${p.surname} Readymade Garments`,
    () => 'Kidz Kingdom Kids Wear',
    () => 'Ethnic Threads Boutique',
  ],
  Electronics: [
    (p) => `${p.surname} Electronics`,
    (p) => `${p.deity} Radio & TV Centre`,
    () => 'Digital World Electronics',
    (p) => `${p.locality} Home Appliances`,
    () => 'Vision Electronics & Appliances',
  ],
  Pharmacy: [
    () => 'Apollo Medicals',
    (p) => `${p.surname} Medical & General Stores`,
    (p) => `${p.deity} Chemists`,
    () => 'Wellness Plus Pharmacy',
    (p) => `${p.locality} Medico`,
    () => 'Sanjeevani Medicals',
  ],
  Tuition: [
    () => 'Bright Future Tuition Classes',
    (p) => `${p.surname} Sir's Maths Academy`,
    () => 'Gyan Ganga Coaching Centre',
    () => 'Excel Science Academy',
    (p) => `${p.first} Ma'am's English Classes`,
    () => 'Vidya Jyoti Tutorials',
  ],
  Bakery: [
    () => 'Lakshmi Sweets & Bakery',
    (p) => `${p.locality} Bake House`,
    (p, r) => (r === 'kannada' ? 'Iyengar Bakery' : 'Cake Point'),
    (p) => `${p.first}'s Cake Studio`,
    () => 'Modern Bakers',
    () => 'Oven Fresh Bakery',
  ],
  Sweets: [
    (p) => `${p.surname} Mithai Bhandar`,
    () => 'Gokul Sweets Corner',
    (p) => `${p.deity} Sweets`,
    (p) => `${p.surname} Sweet Mart`,
    () => 'Annapurna Sweets & Namkeen',
  ],
  'Mobile Repair': [
    () => 'Mobile Doctor',
    () => 'Smart Fix Mobile Care',
    (p) => `${p.locality} Mobile Repair Centre`,
    (p) => `${p.first} Mobile Point`,
    () => 'Quick Care Mobile Service',
  ],
  Hardware: [
    (p) => `${p.surname} Hardware & Paints`,
    (p) => `${p.deity} Hardware Stores`,
    () => 'Modern Sanitary & Hardware',
    (p) => `${p.locality} Tools & Electricals`,
  ],
  Fitness: [
    () => 'Iron Paradise Gym',
    () => 'FitZone Fitness Studio',
    () => 'Shakti Yoga Kendra',
    () => 'Muscle Factory Gym',
    (p) => `${p.locality} Fitness Club`,
  ],
  Jewellery: [
    (p) => `${p.surname} Jewellers`,
    (p) => `${p.deity} Gold Palace`,
    () => 'Swarna Mahal Jewellers',
    (p) => `${p.surname} & Sons Jewellers`,
  ],
  Optical: [
    () => 'Vision Care Opticians',
    (p) => `${p.surname} Opticals`,
    () => 'Clear Eye Optical Centre',
    () => 'Lens & Frames',
  ],
};

/** Communities per region: surnames with matching first names (and shop-name words), so owners' names make sense. */
type People = {
  weight: number;
  surnames: readonly string[];
  male: readonly string[];
  female: readonly string[];
  deities: readonly string[];
};

const PEOPLE: Record<Region, readonly People[]> = {
  marathi: [
    {
      weight: 4,
      surnames: [
        'Patil',
        'Joshi',
        'Kulkarni',
        'Deshmukh',
        'Jadhav',
        'Pawar',
        'Shinde',
        'Gokhale',
        'Kale',
        'More',
        'Sawant',
        'Chavan',
      ],
      male: ['Sachin', 'Rahul', 'Amit', 'Prakash', 'Ganesh', 'Rohan', 'Mahesh', 'Sandeep', 'Vishal'],
      female: ['Sunita', 'Snehal', 'Vaishali', 'Priya', 'Neha', 'Ashwini', 'Manasi'],
      deities: ['Shree Ganesh', 'Mauli', 'Siddhivinayak', 'Mahalaxmi', 'Jai Bhavani', 'Shree Sai', 'Jai Malhar'],
    },
    {
      weight: 1,
      surnames: ['Shah', 'Mehta', 'Desai', 'Parekh'],
      male: ['Hitesh', 'Jignesh', 'Ketan', 'Bhavesh'],
      female: ['Hetal', 'Komal', 'Nisha', 'Falguni'],
      deities: ['Shreeji', 'Ambika', 'Jalaram', 'Shree Sai'],
    },
  ],
  north: [
    {
      weight: 1,
      surnames: [
        'Sharma',
        'Gupta',
        'Arora',
        'Malhotra',
        'Kapoor',
        'Aggarwal',
        'Khanna',
        'Chopra',
        'Bansal',
        'Verma',
        'Sethi',
        'Bhatia',
      ],
      male: ['Rajesh', 'Anil', 'Vikas', 'Sanjay', 'Manoj', 'Deepak', 'Karan', 'Rohit'],
      female: ['Pooja', 'Neetu', 'Ritu', 'Simran', 'Anjali', 'Shalini'],
      deities: ['Shree Ram', 'Bajrang', 'Maa Durga', 'Radhe Krishna', 'Guru Kripa', 'Shiv Shakti'],
    },
  ],
  kannada: [
    {
      weight: 1,
      surnames: ['Gowda', 'Shetty', 'Rao', 'Hegde', 'Bhat', 'Kamath', 'Naik', 'Murthy', 'Prasad', 'Kulkarni'],
      male: ['Manjunath', 'Raghu', 'Kiran', 'Prakash', 'Nagaraj', 'Shankar', 'Suresh'],
      female: ['Lakshmi', 'Suma', 'Shwetha', 'Divya', 'Anitha', 'Kavya'],
      deities: ['Sri Manjunatha', 'Sri Lakshmi', 'Kaveri', 'Sri Raghavendra', 'Chamundeshwari', 'Sri Vinayaka'],
    },
  ],
  telugu: [
    {
      weight: 3,
      surnames: ['Reddy', 'Rao', 'Naidu', 'Chowdary', 'Varma', 'Goud', 'Raju'],
      male: ['Srinivas', 'Venkat', 'Ramesh', 'Praveen', 'Kiran', 'Naveen'],
      female: ['Lavanya', 'Swathi', 'Madhavi', 'Sravani', 'Padma'],
      deities: ['Sri Venkateswara', 'Sri Sai', 'Balaji', 'Sri Durga', 'Kanaka Durga', 'Sri Rama'],
    },
    {
      weight: 2,
      surnames: ['Khan', 'Hussain', 'Siddiqui', 'Qureshi', 'Ansari'],
      male: ['Imran', 'Salman', 'Faisal', 'Arif', 'Mohammed'],
      female: ['Ayesha', 'Sana', 'Nazia', 'Farah'],
      deities: ['Noor', 'Al-Madina', 'Royal', 'Taj', 'Star'],
    },
  ],
  rajasthani: [
    {
      weight: 3,
      surnames: ['Agarwal', 'Jain', 'Khandelwal', 'Maheshwari', 'Sharma', 'Soni', 'Saini', 'Meena'],
      male: ['Mahendra', 'Suresh', 'Dinesh', 'Gopal', 'Naresh', 'Manish'],
      female: ['Kavita', 'Rekha', 'Mamta', 'Anjali', 'Seema'],
      deities: ['Shree Shyam', 'Govind Dev', 'Shree Nath', 'Mahalakshmi', 'Jai Ambe', 'Balaji'],
    },
    {
      weight: 1,
      surnames: ['Rathore', 'Shekhawat'],
      male: ['Vikram', 'Bhanwar', 'Jitendra'],
      female: ['Kavita', 'Sunita'],
      deities: ['Jai Ambe', 'Karni Mata', 'Shree Nath'],
    },
  ],
};

function pickPeople(rng: Rng, region: Region): People {
  const groups = PEOPLE[region];
  const total = groups.reduce((a, g) => a + g.weight, 0);
  let r = rng.next() * total;
  for (const g of groups) {
    r -= g.weight;
    if (r < 0) return g;
  }
  return groups[0] as People;
}

/** Shop names that only make sense for one gender of owner. */
function genderOf(businessName: string): 'f' | 'm' | null {
  if (/Beauty Parlour|Ma'am/.test(businessName)) return 'f';
  if (/Sir's|& Sons/.test(businessName)) return 'm';
  return null;
}

const BUILDINGS = [
  'Ganesh Krupa Building',
  'Shanti Niwas',
  'Laxmi Complex',
  'Sai Plaza',
  'Royal Arcade',
  'Metro Plaza',
  'Sunrise Apartments',
  'Krishna Towers',
  'Gokul Dham Society',
  'Shiv Shakti Complex',
  'Om Sai Market',
  'Silver Oak Residency',
  'Prestige Arcade',
  'Annapurna Complex',
];

/** "About my Business" texts; {locality}, {city}, {year}, {owner} are filled in. */
const DETAILS: Record<CategoryName, readonly string[]> = {
  Grocery: [
    'Family-run kirana store serving {locality} since {year}. Rice, atta, dals, masalas, dry fruits, dairy and daily household needs at fair prices. Send your list on WhatsApp and we deliver to your door.',
    'Your neighbourhood general store in {locality}, {city}. Fresh staples, branded FMCG, puja samagri and seasonal items. Monthly ration packs for families and PGs.',
  ],
  Restaurant: [
    'Pure veg family restaurant in {locality} since {year}. Thalis, South Indian, North Indian and chaat made fresh every day. Dine-in, takeaway and party orders.',
    'Home-style food in {city}: lunch thalis, biryani, tandoor and Chinese. AC family section, birthday and office party orders undertaken.',
  ],
  Salon: [
    'Unisex salon in {locality} with trained stylists: haircuts, colour, keratin, facials, waxing and bridal makeup. Hygienic, single-use kits. Walk-ins welcome, appointments preferred.',
    'Beauty parlour run by {owner} since {year}. Threading, facials, mehendi and bridal packages at honest prices.',
  ],
  Clothing: [
    'Sarees, dress materials, kurtis and menswear for every occasion. Wedding and festive collections, alterations in 24 hours. Serving {locality} since {year}.',
    'Readymade garments for men, women and kids at budget prices. New stock every week. Exchange within 7 days with bill.',
  ],
  Electronics: [
    'Authorised dealer for LED TVs, refrigerators, washing machines, ACs and small appliances. Easy EMI, exchange offers and free installation in {city}.',
    'Electronics and home appliances store in {locality} since {year}. Genuine products with brand warranty and after-sales support.',
  ],
  Pharmacy: [
    'Licensed chemist and druggist in {locality}. Prescription medicines, generics, surgicals, baby care and wellness products. Open 8 am to 11 pm, 365 days.',
    'Trusted medical store since {year}: medicines at discounted prices, free BP check, home delivery for senior citizens in {locality}.',
  ],
  Tuition: [
    'Coaching for Class 5 to 12 (CBSE, ICSE and State Board): Maths, Science and English in small batches. Regular tests and parent meetings. Run by {owner}.',
    'Personal attention tuition classes in {locality} since {year}. Board exam preparation, weekend doubt sessions and spoken English.',
  ],
  Bakery: [
    'Fresh bread, cakes, cookies, khari and puffs baked every morning in {locality}. Eggless cakes on order for birthdays and anniversaries.',
    'Neighbourhood bakery since {year}: breads, rusks, pastries and custom theme cakes. Order one day in advance for designer cakes.',
  ],
  Sweets: [
    'Traditional mithai and namkeen made in pure desi ghee. Kaju katli, motichoor laddoo, rasgulla and seasonal specials. Gift boxes for weddings and festivals.',
    'Sweets and farsan shop in {locality} since {year}. Fresh every day, bulk orders for functions across {city}.',
  ],
  'Mobile Repair': [
    'Mobile and tablet repairs in 30 minutes: screen, battery, charging port, software and water damage. Genuine parts with warranty. All brands.',
    'Repair, accessories and recharge shop in {locality}. Tempered glass, covers, chargers and earphones at best prices.',
  ],
  Hardware: [
    'Hardware, paints, plumbing and electricals under one roof in {locality} since {year}. Asian Paints and Berger dealer, tools, fittings and sanitaryware.',
    'Building material and hardware supplier for homes and contractors in {city}. Bulk rates and site delivery available.',
  ],
  Fitness: [
    'Fully equipped gym in {locality} with certified trainers, cardio zone, strength training, Zumba and yoga batches. Separate ladies batch.',
    'Fitness studio run by {owner}: personal training, weight loss programmes, functional training and diet guidance.',
  ],
  Jewellery: [
    'BIS hallmarked gold and silver jewellery since {year}. Bridal sets, daily wear chains, bangles and coins. Transparent making charges.',
    'Trusted jewellers of {city}: gold, silver and diamond jewellery with hallmark and buy-back guarantee.',
  ],
  Optical: [
    'Computerised eye testing, branded frames, lenses, contact lenses and sunglasses in {locality}. Spectacles ready in 1 hour.',
    'Opticians since {year}: progressive lenses, blue-cut lenses and kids frames. Free eye check-up every Sunday.',
  ],
};

export type DemoBusiness = {
  id: string;
  slug: string;
  username: string;
  name: string;
  businessName: string;
  businessDetails: string;
  businessPhone: string;
  mobileNumber: string;
  businessAddress: string;
  gstNumber: string | null;
  category: CategoryName;
  businessCategories: string[];
  place: Place;
  locality: Locality;
  lat: number;
  lon: number;
  /** A colour for the avatar. */
  colour: string;
  /** Days before `now` the account was created. */
  joinedDaysAgo: number;
  balancePaise: number;
  /** Shop hours used in the copy. */
  hours: string;
};

const AVATAR_COLOURS = [
  '#e65100',
  '#2e7d32',
  '#ad1457',
  '#4527a0',
  '#0d47a1',
  '#00796b',
  '#6d4c41',
  '#c62828',
  '#00838f',
  '#5d4037',
  '#283593',
  '#9e6b00',
];

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A plausible Indian mobile number: 10 digits starting 6–9, in one of the formats people type. */
function mobileNumber(rng: Rng, index: number): { display: string; digits: string } {
  const first = rng.pick([
    '98',
    '99',
    '97',
    '96',
    '95',
    '94',
    '93',
    '91',
    '90',
    '88',
    '87',
    '86',
    '84',
    '82',
    '81',
    '80',
    '79',
    '78',
    '77',
    '76',
    '75',
    '73',
    '70',
    '63',
    '62',
  ]);
  const digits = first + String(rng.int(0, 99_999_999)).padStart(8, '0');
  const five = `${digits.slice(0, 5)} ${digits.slice(5)}`;
  const formats = [five, `+91 ${five}`, `+91${digits}`, digits, `+91-${digits}`];
  return { display: formats[index % formats.length] ?? digits, digits };
}

const GST_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A GSTIN with a valid check character (state code + PAN + entity + 'Z' + check). */
function gstin(rng: Rng, stateCode: string, surname: string): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pan =
    Array.from({ length: 3 }, () => rng.pick([...letters])).join('') +
    'P' +
    (surname[0] ?? 'A').toUpperCase() +
    String(rng.int(1000, 9999)) +
    rng.pick([...letters]);
  const body = `${stateCode}${pan}1Z`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const v = GST_CHARS.indexOf(body[i] ?? '0');
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  const check = GST_CHARS[(36 - (sum % 36)) % 36] ?? '0';
  return body + check;
}

/** The business mix of each place: every city has groceries and food; towns get 8, Mumbai 10. */
const PLACE_CATEGORIES: Record<string, readonly CategoryName[]> = {
  Mumbai: [
    'Grocery',
    'Restaurant',
    'Salon',
    'Clothing',
    'Electronics',
    'Pharmacy',
    'Tuition',
    'Bakery',
    'Sweets',
    'Mobile Repair',
  ],
  Pune: ['Grocery', 'Restaurant', 'Sweets', 'Tuition', 'Fitness', 'Hardware', 'Optical', 'Clothing', 'Bakery'],
  Delhi: ['Grocery', 'Restaurant', 'Clothing', 'Jewellery', 'Electronics', 'Sweets', 'Salon', 'Pharmacy', 'Mobile Repair'],
  Bengaluru: ['Grocery', 'Restaurant', 'Bakery', 'Fitness', 'Electronics', 'Tuition', 'Salon', 'Optical', 'Pharmacy'],
  Hyderabad: ['Restaurant', 'Grocery', 'Jewellery', 'Clothing', 'Mobile Repair', 'Bakery', 'Pharmacy', 'Tuition', 'Fitness'],
  Jaipur: ['Sweets', 'Jewellery', 'Clothing', 'Restaurant', 'Grocery', 'Hardware', 'Salon', 'Optical', 'Tuition'],
  Karad: ['Grocery', 'Sweets', 'Clothing', 'Pharmacy', 'Hardware', 'Tuition', 'Mobile Repair', 'Restaurant'],
  Hosapete: ['Grocery', 'Restaurant', 'Clothing', 'Electronics', 'Pharmacy', 'Bakery', 'Mobile Repair', 'Hardware'],
};

function categoriesForPlace(place: Place, placeIndex: number): readonly CategoryName[] {
  const fixed = PLACE_CATEGORIES[place.city];
  if (fixed) return fixed;
  return Array.from({ length: 8 }, (_, i) => CATEGORIES[(placeIndex * 5 + i) % CATEGORIES.length] as CategoryName);
}

export function generateBusinesses(rng: Rng, places: readonly Place[]): DemoBusiness[] {
  const out: DemoBusiness[] = [];
  const usedNames = new Set<string>();
  const usedSlugs = new Set<string>();
  let n = 0;
  places.forEach((place, placeIndex) => {
    const localities = rng.shuffle(place.localities);
    categoriesForPlace(place, placeIndex).forEach((category, i) => {
      const locality = localities[i % localities.length] as Locality;
      const people = pickPeople(rng, place.region);
      const surname = rng.pick(people.surnames);
      let gender: 'f' | 'm' = rng.chance(0.4) ? 'f' : 'm';
      let first = rng.pick(gender === 'f' ? people.female : people.male);
      const deity = rng.pick(people.deities);
      const patterns = rng.shuffle(NAME_PATTERNS[category]);
      let businessName = '';
      for (const pattern of patterns) {
        const candidate = pattern({ surname, first, deity, locality: locality.name, city: place.city }, place.region);
        const needs = genderOf(candidate);
        if (usedNames.has(candidate) || (needs && needs !== gender)) continue;
        businessName = candidate;
        break;
      }
      if (!businessName) {
        // Every pattern taken: the owner's name makes it unique.
        const candidate = `${first} ${surname} ${category === 'Mobile Repair' ? 'Mobile Care' : category}`;
        businessName = usedNames.has(candidate) ? `${candidate} ${locality.name}` : candidate;
      }
      usedNames.add(businessName);
      const needs = genderOf(businessName);
      if (needs && needs !== gender) {
        gender = needs;
        first = rng.pick(gender === 'f' ? people.female : people.male);
      }

      let slug = slugify(businessName);
      if (usedSlugs.has(slug)) slug = slugify(`${businessName} ${place.city}`);
      if (usedSlugs.has(slug)) slug = slugify(`${businessName} ${locality.name}`);
      usedSlugs.add(slug);

      const phone = mobileNumber(rng, n);
      const year = rng.int(1978, 2021);
      const owner = `${first} ${surname}`;
      const details = rng
        .pick(DETAILS[category])
        .replaceAll('{locality}', locality.name)
        .replaceAll('{city}', place.city)
        .replaceAll('{year}', String(year))
        .replaceAll('{owner}', owner);
      const street = rng.pick(locality.streets);
      const shop = rng.chance(0.5) ? `Shop No. ${rng.int(1, 48)}` : `Ground Floor`;
      const state = place.state === place.city ? '' : `, ${place.state}`;
      const address = `${shop}, ${rng.pick(BUILDINGS)}, ${street}, ${locality.name}, ${place.city}${state} ${locality.pin}`;
      const opens =
        category === 'Fitness' ? '5:30 am' : category === 'Tuition' ? '7 am' : rng.pick(['8 am', '9 am', '9:30 am', '10 am']);
      const closes = category === 'Pharmacy' ? '11 pm' : rng.pick(['9 pm', '9:30 pm', '10 pm', '10:30 pm']);
      out.push({
        id: rng.uuid(),
        slug,
        username: `${slug}@demo.aaspaas.in`,
        name: owner,
        businessName,
        businessDetails: details,
        businessPhone: phone.display,
        mobileNumber: phone.digits,
        businessAddress: address,
        gstNumber: rng.chance(0.6) ? gstin(rng, place.gstStateCode, surname) : null,
        category,
        businessCategories: [category, ...rng.shuffle(SECONDARY_CATEGORIES[category]).slice(0, rng.int(0, 2))],
        place,
        locality,
        // Within ~400 m of the locality centre.
        lat: round6(locality.lat + (rng.next() - 0.5) * 0.008),
        lon: round6(locality.lon + (rng.next() - 0.5) * 0.008),
        colour: AVATAR_COLOURS[n % AVATAR_COLOURS.length] as string,
        joinedDaysAgo: rng.int(35, 700),
        balancePaise: rng.pick([10_000, 10_000, 25_000, 50_000, 100_000, 3_500]),
        hours: `${opens} to ${closes}`,
      });
      n++;
    });
  });
  return out;
}

export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
