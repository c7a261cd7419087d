/**
 * The starter templates for Indian small businesses. Each one's picture text and post text use the
 * placeholders of the domain's templateValues ({businessName}, {offer}, {mrp}, {price}, {discount},
 * {validUntil}, {city}, {phone}); a line whose placeholder has no value is left out, so the same
 * template reads well with or without prices. A line starting with '# ' is a headline. Each has its
 * Hindi words too (docs/hindi-glossary.md: MRP and WhatsApp stay as they are); migration 0036 wrote
 * them into databases seeded before.
 */
import type { TemplateKind } from '@aaspaas/domain';
import type { TemplateMotif } from '../plugins/app/templates/template-backgrounds';

export type StarterTemplate = {
  /** Stable name of the background file. */
  key: string;
  category: string;
  title: string;
  kind: TemplateKind;
  motif: TemplateMotif;
  text: string;
  textHi: string;
  defaultContent: string;
  defaultContentHi: string;
  defaultHashtags: string[];
};

export const STARTER_TEMPLATE_CATEGORIES = [
  'Festival Offers',
  'Grand Opening',
  'Sales & Discounts',
  'New Arrivals',
  'Home Delivery',
] as const;

const OFFER_LINES = ['{offer}', '# {discount}', 'MRP {mrp}  ·  Now {price}', 'Valid till {validUntil}', '{businessName}'];
const OFFER_LINES_HI = ['{offer}', '# {discount}', 'MRP {mrp}  ·  अब {price}', '{validUntil} तक मान्य', '{businessName}'];

/** A festival's words: its headline and greeting, in English and in Hindi. */
type FestivalWords = { headline: string; greeting: string; headlineHi: string; greetingHi: string };

const festival = (key: TemplateMotif, title: string, words: FestivalWords, hashtags: string[]): StarterTemplate => ({
  key,
  category: 'Festival Offers',
  title,
  kind: 'offer',
  motif: key,
  text: [`# ${words.headline}`, ...OFFER_LINES].join('\n'),
  textHi: [`# ${words.headlineHi}`, ...OFFER_LINES_HI].join('\n'),
  defaultContent: [
    `${words.greeting} from {businessName}!`,
    '{offer}',
    'MRP {mrp}, our price {price} ({discount}).',
    'Offer valid till {validUntil}.',
    'Visit us or send us a WhatsApp message to order.',
  ].join('\n'),
  defaultContentHi: [
    `{businessName} की ओर से ${words.greetingHi}!`,
    '{offer}',
    'MRP {mrp}, हमारी कीमत {price} ({discount})।',
    'ऑफ़र {validUntil} तक मान्य।',
    'दुकान पर आइए या ऑर्डर के लिए हमें WhatsApp पर संदेश भेजिए।',
  ].join('\n'),
  defaultHashtags: hashtags,
});

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  festival(
    'diwali',
    'Diwali Dhamaka Offer',
    { headline: 'Diwali Dhamaka', greeting: 'Happy Diwali', headlineHi: 'दिवाली धमाका', greetingHi: 'दिवाली की शुभकामनाएँ' },
    ['diwali', 'diwalioffer', 'festivesale', 'shoplocal'],
  ),
  festival(
    'holi',
    'Holi Colours Sale',
    { headline: 'Holi Hai!', greeting: 'Happy Holi', headlineHi: 'होली है!', greetingHi: 'होली की शुभकामनाएँ' },
    ['holi', 'holioffer', 'festivesale', 'shoplocal'],
  ),
  festival(
    'eid',
    'Eid Mubarak Offer',
    { headline: 'Eid Mubarak', greeting: 'Eid Mubarak', headlineHi: 'ईद मुबारक', greetingHi: 'ईद मुबारक' },
    ['eid', 'eidmubarak', 'eidoffer', 'shoplocal'],
  ),
  festival(
    'christmas',
    'Christmas Special',
    { headline: 'Merry Christmas', greeting: 'Merry Christmas', headlineHi: 'मेरी क्रिसमस', greetingHi: 'क्रिसमस की शुभकामनाएँ' },
    ['christmas', 'christmasoffer', 'xmas', 'shoplocal'],
  ),
  festival(
    'pongal',
    'Pongal Offer',
    { headline: 'Happy Pongal', greeting: 'Happy Pongal', headlineHi: 'पोंगल की शुभकामनाएँ', greetingHi: 'पोंगल की शुभकामनाएँ' },
    ['pongal', 'sankranti', 'pongaloffer', 'shoplocal'],
  ),
  festival(
    'onam',
    'Onam Offer',
    { headline: 'Happy Onam', greeting: 'Happy Onam', headlineHi: 'ओणम की शुभकामनाएँ', greetingHi: 'ओणम की शुभकामनाएँ' },
    ['onam', 'onamoffer', 'festivesale', 'shoplocal'],
  ),
  festival(
    'ganeshotsav',
    'Ganeshotsav Offer',
    {
      headline: 'Ganpati Bappa Morya',
      greeting: 'Ganeshotsav greetings',
      headlineHi: 'गणपति बप्पा मोरया',
      greetingHi: 'गणेशोत्सव की शुभकामनाएँ',
    },
    ['ganeshotsav', 'ganeshchaturthi', 'festiveoffer', 'shoplocal'],
  ),
  {
    key: 'opening',
    category: 'Grand Opening',
    title: 'Grand Opening',
    kind: 'post',
    motif: 'opening',
    text: ['# Grand Opening', '{businessName}', 'Now open in {city}', '{offer}', 'Call {phone}'].join('\n'),
    textHi: ['# शुभ उद्घाटन', '{businessName}', 'अब {city} में खुल गया', '{offer}', 'कॉल करें {phone}'].join('\n'),
    defaultContentHi: [
      'हम खुल गए हैं! {businessName} अब {city} में खुल गया है।',
      '{offer}',
      'हमारे यहाँ आइए, या {phone} पर कॉल कीजिए।',
    ].join('\n'),
    defaultContent: ['We are open! {businessName} is now open in {city}.', '{offer}', 'Come and visit us, or call {phone}.'].join(
      '\n',
    ),
    defaultHashtags: ['grandopening', 'nowopen', 'newshop', 'shoplocal'],
  },
  {
    key: 'weekend-sale',
    category: 'Sales & Discounts',
    title: 'Weekend Sale',
    kind: 'offer',
    motif: 'sale',
    text: ['# Weekend Sale', ...OFFER_LINES.slice(0, 3), 'This Saturday and Sunday only', '{businessName}'].join('\n'),
    textHi: ['# वीकेंड सेल', ...OFFER_LINES_HI.slice(0, 3), 'सिर्फ़ इस शनिवार और रविवार', '{businessName}'].join('\n'),
    defaultContentHi: [
      '{businessName} पर वीकेंड सेल, सिर्फ़ इस शनिवार और रविवार!',
      '{offer}',
      'MRP {mrp}, हमारी कीमत {price} ({discount})।',
      'जल्दी आइए, स्टॉक रहने तक।',
    ].join('\n'),
    defaultContent: [
      'Weekend Sale at {businessName}, this Saturday and Sunday only!',
      '{offer}',
      'MRP {mrp}, our price {price} ({discount}).',
      'Hurry, while stocks last.',
    ].join('\n'),
    defaultHashtags: ['weekendsale', 'sale', 'offer', 'shoplocal'],
  },
  {
    key: 'clearance',
    category: 'Sales & Discounts',
    title: 'Clearance Sale',
    kind: 'offer',
    motif: 'clearance',
    text: ['# Clearance Sale', ...OFFER_LINES].join('\n'),
    textHi: ['# क्लियरेंस सेल', ...OFFER_LINES_HI].join('\n'),
    defaultContentHi: [
      '{businessName} पर क्लियरेंस सेल: सब कुछ बिकना है!',
      '{offer}',
      'MRP {mrp}, हमारी कीमत {price} ({discount})।',
      '{validUntil} तक या स्टॉक रहने तक।',
    ].join('\n'),
    defaultContent: [
      'Clearance Sale at {businessName}: everything must go!',
      '{offer}',
      'MRP {mrp}, our price {price} ({discount}).',
      'Till {validUntil} or while stocks last.',
    ].join('\n'),
    defaultHashtags: ['clearancesale', 'stockclearance', 'sale', 'shoplocal'],
  },
  {
    key: 'new-arrivals',
    category: 'New Arrivals',
    title: 'New Arrivals',
    kind: 'post',
    motif: 'arrivals',
    text: ['# New Arrivals', '{offer}', 'Just in at {businessName}', 'Come and see the latest collection'].join('\n'),
    textHi: ['# नया माल आया', '{offer}', '{businessName} पर अभी-अभी आया', 'आइए, नया कलेक्शन देखिए'].join('\n'),
    defaultContentHi: [
      '{businessName} पर नया माल आया है!',
      '{offer}',
      'आइए और नया कलेक्शन देखिए, या फ़ोटो और दाम के लिए हमें WhatsApp पर संदेश भेजिए।',
    ].join('\n'),
    defaultContent: [
      'New arrivals at {businessName}!',
      '{offer}',
      'Come and see the latest collection, or message us on WhatsApp for photos and prices.',
    ].join('\n'),
    defaultHashtags: ['newarrivals', 'newcollection', 'latest', 'shoplocal'],
  },
  {
    key: 'fresh-stock',
    category: 'New Arrivals',
    title: 'Fresh Stock Arrived',
    kind: 'post',
    motif: 'fresh',
    text: ['# Fresh Stock Arrived', '{offer}', 'At {businessName}, {city}', 'Order on WhatsApp: {phone}'].join('\n'),
    textHi: ['# ताज़ा स्टॉक आया', '{offer}', '{businessName}, {city}', 'WhatsApp पर ऑर्डर करें: {phone}'].join('\n'),
    defaultContentHi: ['{businessName} पर आज ताज़ा स्टॉक आया है।', '{offer}', 'WhatsApp पर ऑर्डर करें: {phone}।'].join('\n'),
    defaultContent: ['Fresh stock arrived today at {businessName}.', '{offer}', 'Order on WhatsApp: {phone}.'].join('\n'),
    defaultHashtags: ['freshstock', 'fresh', 'daily', 'shoplocal'],
  },
  {
    key: 'home-delivery',
    category: 'Home Delivery',
    title: 'Home Delivery Available',
    kind: 'post',
    motif: 'delivery',
    text: ['# Home Delivery Available', '{businessName}', '{offer}', 'Call or WhatsApp {phone}'].join('\n'),
    textHi: ['# होम डिलीवरी उपलब्ध', '{businessName}', '{offer}', 'कॉल या WhatsApp करें {phone}'].join('\n'),
    defaultContentHi: ['{businessName} से होम डिलीवरी उपलब्ध है!', '{offer}', 'ऑर्डर के लिए {phone} पर कॉल या WhatsApp करें।'].join(
      '\n',
    ),
    defaultContent: [
      'Home delivery available from {businessName}!',
      '{offer}',
      'Call or WhatsApp {phone} to place your order.',
    ].join('\n'),
    defaultHashtags: ['homedelivery', 'doorstepdelivery', 'orderonline', 'shoplocal'],
  },
  {
    key: 'order-on-whatsapp',
    category: 'Home Delivery',
    title: 'Order on WhatsApp',
    kind: 'post',
    motif: 'whatsapp',
    text: ['# Order on WhatsApp', '{phone}', '{offer}', '{businessName}, {city}'].join('\n'),
    textHi: ['# WhatsApp पर ऑर्डर करें', '{phone}', '{offer}', '{businessName}, {city}'].join('\n'),
    defaultContentHi: ['अब WhatsApp पर ऑर्डर दीजिए! अपनी लिस्ट {phone} पर भेजिए।', '{offer}', '{businessName}, {city}।'].join('\n'),
    defaultContent: ['Now take orders on WhatsApp! Send your list to {phone}.', '{offer}', '{businessName}, {city}.'].join('\n'),
    defaultHashtags: ['whatsapporder', 'homedelivery', 'orderonline', 'shoplocal'],
  },
];
