// Until this page is built it shows the honest 'coming soon' state.
export { Component } from './coming-soon';
