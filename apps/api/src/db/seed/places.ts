/**
 * Places for the demo data: six large cities and two small towns, each with real localities
 * at approximately right coordinates. Every locality lies within 15 km of its place's centre,
 * so the default 25 km feed radius around a centre covers that place's businesses, and the
 * centres are far enough apart (> 100 km) that a 25 km circle never reaches another place.
 */

/** Broad language/culture region: picks owner names and a few local touches in the copy. */
export type Region = 'marathi' | 'north' | 'kannada' | 'telugu' | 'rajasthani';

export type Locality = {
  name: string;
  lat: number;
  lon: number;
  /** Six-digit PIN code used in business addresses. */
  pin: string;
  /** A few real roads or landmarks used to build street addresses. */
  streets: readonly string[];
};

export type Place = {
  city: string;
  state: string;
  /** Two-digit GST state code (first two characters of a GSTIN). */
  gstStateCode: string;
  region: Region;
  lat: number;
  lon: number;
  /** True for the small towns (used for a little local colour in the copy). */
  smallTown: boolean;
  localities: readonly Locality[];
};

export const PLACES: readonly Place[] = [
  {
    city: 'Mumbai',
    state: 'Maharashtra',
    gstStateCode: '27',
    region: 'marathi',
    lat: 19.076,
    lon: 72.8777,
    smallTown: false,
    localities: [
      {
        name: 'Andheri East',
        lat: 19.1136,
        lon: 72.8697,
        pin: '400069',
        streets: ['Teli Gali', 'Sahar Road', 'Chakala Road', 'MIDC Central Road'],
      },
      {
        name: 'Bandra West',
        lat: 19.0596,
        lon: 72.8295,
        pin: '400050',
        streets: ['Hill Road', 'Linking Road', 'Pali Naka', 'Turner Road'],
      },
      {
        name: 'Dadar West',
        lat: 19.0178,
        lon: 72.8478,
        pin: '400028',
        streets: ['Ranade Road', 'N C Kelkar Road', 'Gokhale Road', 'Senapati Bapat Marg'],
      },
      {
        name: 'Powai',
        lat: 19.1176,
        lon: 72.906,
        pin: '400076',
        streets: ['Hiranandani Gardens', 'Central Avenue', 'Saki Vihar Road'],
      },
      {
        name: 'Ghatkopar East',
        lat: 19.0785,
        lon: 72.9081,
        pin: '400077',
        streets: ['Rajawadi Road', 'Tilak Road', 'Pant Nagar'],
      },
      {
        name: 'Chembur',
        lat: 19.0522,
        lon: 72.9005,
        pin: '400071',
        streets: ['Diamond Garden', 'Station Road', 'Sion Trombay Road'],
      },
      {
        name: 'Lower Parel',
        lat: 18.9986,
        lon: 72.8304,
        pin: '400013',
        streets: ['Senapati Bapat Marg', 'Ganpatrao Kadam Marg', 'Tulsi Pipe Road'],
      },
      { name: 'Malad West', lat: 19.1874, lon: 72.8484, pin: '400064', streets: ['S V Road', 'Marve Road', 'Orlem'] },
      {
        name: 'Vile Parle East',
        lat: 19.0999,
        lon: 72.8483,
        pin: '400057',
        streets: ['Nehru Road', 'Hanuman Road', 'Tejpal Road'],
      },
    ],
  },
  {
    city: 'Pune',
    state: 'Maharashtra',
    gstStateCode: '27',
    region: 'marathi',
    lat: 18.5204,
    lon: 73.8567,
    smallTown: false,
    localities: [
      { name: 'Kothrud', lat: 18.5074, lon: 73.8077, pin: '411038', streets: ['Paud Road', 'Karve Road', 'Mayur Colony'] },
      {
        name: 'Shivajinagar',
        lat: 18.5308,
        lon: 73.8475,
        pin: '411005',
        streets: ['Jangli Maharaj Road', 'F C Road', 'Model Colony'],
      },
      {
        name: 'Koregaon Park',
        lat: 18.5362,
        lon: 73.894,
        pin: '411001',
        streets: ['North Main Road', 'Lane 6', 'South Main Road'],
      },
      {
        name: 'Viman Nagar',
        lat: 18.5679,
        lon: 73.9143,
        pin: '411014',
        streets: ['Nagar Road', 'Datta Mandir Chowk', 'Symbiosis Road'],
      },
      { name: 'Hadapsar', lat: 18.5089, lon: 73.926, pin: '411028', streets: ['Solapur Road', 'Magarpatta Road', 'Gadital'] },
      { name: 'Aundh', lat: 18.558, lon: 73.8075, pin: '411007', streets: ['ITI Road', 'Parihar Chowk', 'Bremen Chowk'] },
      { name: 'Baner', lat: 18.559, lon: 73.7868, pin: '411045', streets: ['Baner Road', 'Balewadi Phata', 'Pancard Club Road'] },
      {
        name: 'Sadashiv Peth',
        lat: 18.5114,
        lon: 73.8499,
        pin: '411030',
        streets: ['Tilak Road', 'Bajirao Road', 'Bharat Natya Mandir Lane'],
      },
    ],
  },
  {
    city: 'Delhi',
    state: 'Delhi',
    gstStateCode: '07',
    region: 'north',
    lat: 28.6139,
    lon: 77.209,
    smallTown: false,
    localities: [
      {
        name: 'Connaught Place',
        lat: 28.6315,
        lon: 77.2167,
        pin: '110001',
        streets: ['Inner Circle', 'Janpath', 'Barakhamba Road'],
      },
      {
        name: 'Lajpat Nagar',
        lat: 28.5677,
        lon: 77.2433,
        pin: '110024',
        streets: ['Central Market', 'Ring Road', 'Amar Colony Road'],
      },
      {
        name: 'Karol Bagh',
        lat: 28.6519,
        lon: 77.1909,
        pin: '110005',
        streets: ['Ajmal Khan Road', 'Arya Samaj Road', 'Gaffar Market'],
      },
      {
        name: 'Chandni Chowk',
        lat: 28.6506,
        lon: 77.2303,
        pin: '110006',
        streets: ['Dariba Kalan', 'Kinari Bazaar', 'Nai Sarak'],
      },
      {
        name: 'Hauz Khas',
        lat: 28.5494,
        lon: 77.2001,
        pin: '110016',
        streets: ['Aurobindo Marg', 'Hauz Khas Village', 'Green Park Market'],
      },
      {
        name: 'Rajouri Garden',
        lat: 28.6415,
        lon: 77.1209,
        pin: '110027',
        streets: ['Main Market', 'Ring Road', 'J Block Market'],
      },
      {
        name: 'Saket',
        lat: 28.5245,
        lon: 77.2066,
        pin: '110017',
        streets: ['Press Enclave Marg', 'PVR Anupam Complex', 'Saket District Centre'],
      },
      {
        name: 'Mayur Vihar Phase 1',
        lat: 28.6044,
        lon: 77.2944,
        pin: '110091',
        streets: ['Acharya Niketan Market', 'Pocket 1 Market', 'Chilla Road'],
      },
    ],
  },
  {
    city: 'Bengaluru',
    state: 'Karnataka',
    gstStateCode: '29',
    region: 'kannada',
    lat: 12.9716,
    lon: 77.5946,
    smallTown: false,
    localities: [
      {
        name: 'Koramangala',
        lat: 12.9352,
        lon: 77.6245,
        pin: '560034',
        streets: ['80 Feet Road', '5th Block', 'Sony World Junction'],
      },
      { name: 'Indiranagar', lat: 12.9784, lon: 77.6408, pin: '560038', streets: ['100 Feet Road', '12th Main', 'CMH Road'] },
      { name: 'Jayanagar', lat: 12.9299, lon: 77.5826, pin: '560041', streets: ['4th Block', '11th Main', '30th Cross'] },
      { name: 'Malleshwaram', lat: 13.0031, lon: 77.5643, pin: '560003', streets: ['Sampige Road', '8th Cross', 'Margosa Road'] },
      { name: 'HSR Layout', lat: 12.9116, lon: 77.6474, pin: '560102', streets: ['27th Main', 'Sector 1', '14th Cross'] },
      { name: 'BTM Layout', lat: 12.9166, lon: 77.6101, pin: '560076', streets: ['16th Main', '2nd Stage', 'Udupi Garden Road'] },
      {
        name: 'Basavanagudi',
        lat: 12.9416,
        lon: 77.5755,
        pin: '560004',
        streets: ['Gandhi Bazaar Main Road', 'DVG Road', 'Bull Temple Road'],
      },
      {
        name: 'Rajajinagar',
        lat: 12.9915,
        lon: 77.5544,
        pin: '560010',
        streets: ['Dr Rajkumar Road', '2nd Block', 'West of Chord Road'],
      },
    ],
  },
  {
    city: 'Hyderabad',
    state: 'Telangana',
    gstStateCode: '36',
    region: 'telugu',
    lat: 17.385,
    lon: 78.4867,
    smallTown: false,
    localities: [
      { name: 'Banjara Hills', lat: 17.4126, lon: 78.4482, pin: '500034', streets: ['Road No. 12', 'Road No. 1', 'Road No. 3'] },
      {
        name: 'Jubilee Hills',
        lat: 17.4325,
        lon: 78.4071,
        pin: '500033',
        streets: ['Road No. 36', 'Road No. 45', 'Film Nagar Road'],
      },
      {
        name: 'Ameerpet',
        lat: 17.4375,
        lon: 78.4482,
        pin: '500016',
        streets: ['Satyam Theatre Road', 'SR Nagar Main Road', 'Mythrivanam'],
      },
      { name: 'Kukatpally', lat: 17.4849, lon: 78.4138, pin: '500072', streets: ['KPHB Colony', 'JNTU Road', 'Balanagar Road'] },
      {
        name: 'Secunderabad',
        lat: 17.4399,
        lon: 78.4983,
        pin: '500003',
        streets: ['S D Road', 'Paradise Circle', 'General Bazaar'],
      },
      { name: 'Charminar', lat: 17.3616, lon: 78.4747, pin: '500002', streets: ['Laad Bazaar', 'Patthargatti', 'Gulzar Houz'] },
      {
        name: 'Dilsukhnagar',
        lat: 17.3688,
        lon: 78.5247,
        pin: '500060',
        streets: ['Main Road', 'Kothapet Road', 'Chaitanyapuri'],
      },
      { name: 'Himayatnagar', lat: 17.4009, lon: 78.4867, pin: '500029', streets: ['Main Road', 'Street No. 6', 'Liberty Road'] },
    ],
  },
  {
    city: 'Jaipur',
    state: 'Rajasthan',
    gstStateCode: '08',
    region: 'rajasthani',
    lat: 26.9124,
    lon: 75.7873,
    smallTown: false,
    localities: [
      {
        name: 'Malviya Nagar',
        lat: 26.853,
        lon: 75.815,
        pin: '302017',
        streets: ['Gaurav Tower Road', 'Sector 3', 'Jawahar Circle Road'],
      },
      {
        name: 'C-Scheme',
        lat: 26.905,
        lon: 75.8,
        pin: '302001',
        streets: ['Ashok Marg', 'Prithviraj Road', 'Sardar Patel Marg'],
      },
      {
        name: 'Vaishali Nagar',
        lat: 26.911,
        lon: 75.739,
        pin: '302021',
        streets: ['Amrapali Marg', 'Gandhi Path', 'Queens Road'],
      },
      {
        name: 'Raja Park',
        lat: 26.8946,
        lon: 75.8263,
        pin: '302004',
        streets: ['Gurudwara Road', 'Main Market', 'Adarsh Nagar Road'],
      },
      { name: 'Mansarovar', lat: 26.8585, lon: 75.7617, pin: '302020', streets: ['Madhyam Marg', 'Shipra Path', 'Kaveri Path'] },
      {
        name: 'Johari Bazaar',
        lat: 26.9196,
        lon: 75.8263,
        pin: '302003',
        streets: ['Johari Bazaar Road', 'Haldiyon ka Rasta', 'Gopalji ka Rasta'],
      },
      {
        name: 'Bani Park',
        lat: 26.9296,
        lon: 75.7952,
        pin: '302016',
        streets: ['Kanti Chandra Road', 'Jai Singh Highway', 'Shiv Marg'],
      },
      {
        name: 'Durgapura',
        lat: 26.846,
        lon: 75.799,
        pin: '302018',
        streets: ['Tonk Road', 'Durgapura Station Road', 'Jain Colony'],
      },
    ],
  },
  {
    city: 'Karad',
    state: 'Maharashtra',
    gstStateCode: '27',
    region: 'marathi',
    lat: 17.289,
    lon: 74.1818,
    smallTown: true,
    localities: [
      {
        name: 'Shaniwar Peth',
        lat: 17.2876,
        lon: 74.1838,
        pin: '415110',
        streets: ['Main Road', 'Datta Chowk', 'Bhaji Mandai Lane'],
      },
      { name: 'Mangalwar Peth', lat: 17.2905, lon: 74.1795, pin: '415110', streets: ['Krishna Naka Road', 'Kanya Shala Road'] },
      {
        name: 'Malkapur',
        lat: 17.2655,
        lon: 74.1761,
        pin: '415539',
        streets: ['Pune-Bangalore Highway', 'Agashivnagar', 'Shiv Colony'],
      },
      {
        name: 'Vidyanagar',
        lat: 17.2986,
        lon: 74.1667,
        pin: '415124',
        streets: ['College Road', 'Saidapur Road', 'Engineering College Road'],
      },
      { name: 'Somwar Peth', lat: 17.2851, lon: 74.1879, pin: '415110', streets: ['Chawadi Chowk', 'Tahsil Office Road'] },
    ],
  },
  {
    city: 'Hosapete',
    state: 'Karnataka',
    gstStateCode: '29',
    region: 'kannada',
    lat: 15.2689,
    lon: 76.3909,
    smallTown: true,
    localities: [
      {
        name: 'Station Road',
        lat: 15.2711,
        lon: 76.3869,
        pin: '583201',
        streets: ['Station Road', 'Gandhi Chowk', 'Main Bazaar'],
      },
      { name: 'Chitwadgi', lat: 15.2585, lon: 76.3952, pin: '583201', streets: ['Chitwadgi Main Road', 'Vaddarahalli Road'] },
      { name: 'Patel Nagar', lat: 15.2746, lon: 76.3807, pin: '583201', streets: ['Patel Nagar 1st Cross', 'Bellary Road'] },
      { name: 'Amaravathi', lat: 15.2631, lon: 76.4046, pin: '583201', streets: ['TB Dam Road', 'Amaravathi Main Road'] },
      { name: 'M J Nagar', lat: 15.2792, lon: 76.3934, pin: '583201', streets: ['College Road', 'Hampi Road'] },
    ],
  },
];
