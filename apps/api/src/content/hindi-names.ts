/**
 * Hindi names of the platform's starter content (docs/hindi-glossary.md): business categories, template
 * categories and template titles, by their English name. The seeds write them beside the English ones
 * and migration 0032 filled them in for databases seeded before; the admin edits both afterwards.
 */

/** The business categories the demo data and most shops use. */
export const BUSINESS_CATEGORY_HINDI: Readonly<Record<string, string>> = {
  Grocery: 'किराना',
  Restaurant: 'रेस्टोरेंट',
  Salon: 'सैलून',
  Clothing: 'कपड़े',
  Electronics: 'इलेक्ट्रॉनिक्स',
  Pharmacy: 'दवा की दुकान',
  Tuition: 'ट्यूशन',
  Bakery: 'बेकरी',
  Sweets: 'मिठाई',
  'Mobile Repair': 'मोबाइल रिपेयर',
  Hardware: 'हार्डवेयर',
  Fitness: 'फ़िटनेस',
  Jewellery: 'ज्वेलरी',
  Optical: 'चश्मे की दुकान',
  Dairy: 'डेयरी',
  'Dry Fruits': 'ड्राई फ़्रूट्स',
  Household: 'घरेलू सामान',
  Catering: 'कैटरिंग',
  'Tiffin Service': 'टिफ़िन सर्विस',
  'Beauty Parlour': 'ब्यूटी पार्लर',
  'Bridal Makeup': 'ब्राइडल मेकअप',
  'Ethnic Wear': 'एथनिक वियर',
  'Kids Wear': 'बच्चों के कपड़े',
  'Home Appliances': 'घरेलू उपकरण',
  Mobiles: 'मोबाइल',
  'Health Care': 'हेल्थ केयर',
  Wellness: 'वेलनेस',
  Coaching: 'कोचिंग',
  Education: 'शिक्षा',
  Cakes: 'केक',
  Snacks: 'स्नैक्स',
  Namkeen: 'नमकीन',
  Gifting: 'गिफ़्ट',
  Accessories: 'एक्सेसरीज़',
  Paints: 'पेंट',
  Sanitaryware: 'सैनिटरी का सामान',
  Yoga: 'योग',
  Zumba: 'ज़ुम्बा',
  Silver: 'चाँदी',
  'Eye Care': 'आँखों की देखभाल',
  Sunglasses: 'धूप के चश्मे',
};

/** The starter template categories (content/starter-templates.ts). */
export const TEMPLATE_CATEGORY_HINDI: Readonly<Record<string, string>> = {
  'Festival Offers': 'त्योहार के ऑफ़र',
  'Grand Opening': 'शुभ उद्घाटन',
  'Sales & Discounts': 'सेल और छूट',
  'New Arrivals': 'नया माल',
  'Home Delivery': 'होम डिलीवरी',
};

/** The starter templates' titles (content/starter-templates.ts). */
export const TEMPLATE_TITLE_HINDI: Readonly<Record<string, string>> = {
  'Diwali Dhamaka Offer': 'दिवाली धमाका ऑफ़र',
  'Holi Colours Sale': 'होली रंगों की सेल',
  'Eid Mubarak Offer': 'ईद मुबारक ऑफ़र',
  'Christmas Special': 'क्रिसमस स्पेशल',
  'Pongal Offer': 'पोंगल ऑफ़र',
  'Onam Offer': 'ओणम ऑफ़र',
  'Ganeshotsav Offer': 'गणेशोत्सव ऑफ़र',
  'Grand Opening': 'शुभ उद्घाटन',
  'Weekend Sale': 'वीकेंड सेल',
  'Clearance Sale': 'क्लियरेंस सेल',
  'New Arrivals': 'नया माल आया',
  'Fresh Stock Arrived': 'ताज़ा स्टॉक आया',
  'Home Delivery Available': 'होम डिलीवरी उपलब्ध',
  'Order on WhatsApp': 'WhatsApp पर ऑर्डर करें',
};
