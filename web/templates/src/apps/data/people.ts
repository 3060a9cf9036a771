// Sample people shared by the demo apps; names need no translation.
export const PEOPLE = [
  'Zsazsa McCleverty', 'Yoko Pottie', 'Wesley Burland', 'Vladamir Koschek', 'Tyne Widmore', 'Travus Bruntjen', 'Stu Delamaine',
  'Saunder Offner', 'Stephen MacGilfoyle', 'Skip Hebblethwaite', 'Sean Burns', 'Rochette Emer', 'Richie Eakley', 'Reggie Yarnton',
  'Raynell Clendennen', 'Prisca Vauter', 'Pierre Mottura', 'Norrie Tanner', 'Nadia Okafor', 'Mira Holloway', 'Maren Solheim',
  'Lorenzo Bassi', 'Kenji Watanabe', 'Juliette Marchand', 'Ilse Vermeulen', 'Hamza El Idrissi', 'Greta Lindqvist', 'Farah Haddad',
  'Emil Nowak', 'Dara Flynn', 'Cecilia Monteiro', 'Bruno Cardoso', 'Anouk de Vries', 'Amara Nwosu', 'Abdel Rahman', 'Chen Jing',
] as const

export const COUNTRIES = ['US', 'PL', 'ES', 'FR', 'IT', 'PT', 'DE', 'CN', 'BR', 'EG', 'JP', 'NL'] as const

export function emailOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z ]/g, '').replace(/ +/g, '.') + '@example.com'
}

/** Deterministic pseudo-random numbers so sample data is stable between renders and tests. */
export function seeded(seed: number) {
  let s = seed
  return () => {
    s = (s * 16807) % 2147483647
    return (s - 1) / 2147483646
  }
}

export function initials(name: string): string {
  return name
    .split(' ')
    .map((p) => p[0])
    .slice(0, 2)
    .join('')
}

/** Element at `i`, wrapping around; sample lists are never empty. */
export function pick<T>(list: readonly T[], i: number): T {
  const v = list[((i % list.length) + list.length) % list.length]
  if (v === undefined) throw new Error('empty sample list')
  return v
}
