// Sample option lists for the form demos (proper names stay untranslated).
export interface CityOption {
  city: string
  country: string
}

export const CITIES: CityOption[] = [
  { city: 'Lisbon', country: 'Portugal' },
  { city: 'Porto', country: 'Portugal' },
  { city: 'Braga', country: 'Portugal' },
  { city: 'Warsaw', country: 'Poland' },
  { city: 'Kraków', country: 'Poland' },
  { city: 'Gdańsk', country: 'Poland' },
  { city: 'Madrid', country: 'Spain' },
  { city: 'Seville', country: 'Spain' },
  { city: 'Valencia', country: 'Spain' },
  { city: 'Lyon', country: 'France' },
  { city: 'Nantes', country: 'France' },
  { city: 'Turin', country: 'Italy' },
  { city: 'Bologna', country: 'Italy' },
  { city: 'Munich', country: 'Germany' },
  { city: 'Hamburg', country: 'Germany' },
  { city: 'Shenzhen', country: 'China' },
  { city: 'Chengdu', country: 'China' },
  { city: 'Recife', country: 'Brazil' },
  { city: 'Curitiba', country: 'Brazil' },
  { city: 'Cairo', country: 'Egypt' },
]

export const SKILLS = ['React', 'TypeScript', 'Go', 'SQL', 'Docker', 'Kubernetes', 'Figma', 'WebRTC', 'GraphQL', 'Python']

export const COUNTRIES = ['Portugal', 'Poland', 'Spain', 'France', 'Italy', 'Germany', 'China', 'Brazil', 'Egypt']
export const LANGS = ['English', 'Polski', 'Español', 'Français', 'Italiano', 'Português', 'Deutsch', '中文', 'العربية']
