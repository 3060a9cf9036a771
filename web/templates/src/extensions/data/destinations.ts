// Sample slides: featured cities on the marketplace with their listing counts.
export interface Destination {
  city: string
  country: string
  listings: number
  /** Two colours for a generated backdrop; the demo ships no photos. */
  colors: [string, string]
}

export const DESTINATIONS: Destination[] = [
  { city: 'Lisbon', country: 'Portugal', listings: 1284, colors: ['#ff9f43', '#ea5455'] },
  { city: 'Kraków', country: 'Poland', listings: 962, colors: ['#7367f0', '#00bad1'] },
  { city: 'Seville', country: 'Spain', listings: 755, colors: ['#28c76f', '#00bad1'] },
  { city: 'Lyon', country: 'France', listings: 1030, colors: ['#ea5455', '#7367f0'] },
  { city: 'Bologna', country: 'Italy', listings: 618, colors: ['#ff9f43', '#28c76f'] },
  { city: 'Hamburg', country: 'Germany', listings: 1402, colors: ['#00bad1', '#7367f0'] },
  { city: 'Chengdu', country: 'China', listings: 2210, colors: ['#ea5455', '#ff9f43'] },
  { city: 'Recife', country: 'Brazil', listings: 844, colors: ['#28c76f', '#7367f0'] },
]
