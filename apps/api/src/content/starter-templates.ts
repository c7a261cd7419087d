/**
 * The starter templates for Indian small businesses. Each one's picture text and post text use the
 * placeholders of the domain's templateValues ({businessName}, {offer}, {mrp}, {price}, {discount},
 * {validUntil}, {city}, {phone}); a line whose placeholder has no value is left out, so the same
 * template reads well with or without prices. A line starting with '# ' is a headline.
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
  defaultContent: string;
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

const festival = (
  key: TemplateMotif,
  title: string,
  headline: string,
  greeting: string,
  hashtags: string[],
): StarterTemplate => ({
  key,
  category: 'Festival Offers',
  title,
  kind: 'offer',
  motif: key,
  text: [`# ${headline}`, ...OFFER_LINES].join('\n'),
  defaultContent: [
    `${greeting} from {businessName}!`,
    '{offer}',
    'MRP {mrp}, our price {price} ({discount}).',
    'Offer valid till {validUntil}.',
    'Visit us or send us a WhatsApp message to order.',
  ].join('\n'),
  defaultHashtags: hashtags,
});

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  festival('diwali', 'Diwali Dhamaka Offer', 'Diwali Dhamaka', 'Happy Diwali', [
    'diwali',
    'diwalioffer',
    'festivesale',
    'shoplocal',
  ]),
  festival('holi', 'Holi Colours Sale', 'Holi Hai!', 'Happy Holi', ['holi', 'holioffer', 'festivesale', 'shoplocal']),
  festival('eid', 'Eid Mubarak Offer', 'Eid Mubarak', 'Eid Mubarak', ['eid', 'eidmubarak', 'eidoffer', 'shoplocal']),
  festival('christmas', 'Christmas Special', 'Merry Christmas', 'Merry Christmas', [
    'christmas',
    'christmasoffer',
    'xmas',
    'shoplocal',
  ]),
  festival('pongal', 'Pongal Offer', 'Happy Pongal', 'Happy Pongal', ['pongal', 'sankranti', 'pongaloffer', 'shoplocal']),
  festival('onam', 'Onam Offer', 'Happy Onam', 'Happy Onam', ['onam', 'onamoffer', 'festivesale', 'shoplocal']),
  festival('ganeshotsav', 'Ganeshotsav Offer', 'Ganpati Bappa Morya', 'Ganeshotsav greetings', [
    'ganeshotsav',
    'ganeshchaturthi',
    'festiveoffer',
    'shoplocal',
  ]),
  {
    key: 'opening',
    category: 'Grand Opening',
    title: 'Grand Opening',
    kind: 'post',
    motif: 'opening',
    text: ['# Grand Opening', '{businessName}', 'Now open in {city}', '{offer}', 'Call {phone}'].join('\n'),
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
    defaultContent: ['Now take orders on WhatsApp! Send your list to {phone}.', '{offer}', '{businessName}, {city}.'].join('\n'),
    defaultHashtags: ['whatsapporder', 'homedelivery', 'orderonline', 'shoplocal'],
  },
];
