// Sample staff records for the table demos.
export type EmployeeStatus = 'active' | 'onLeave' | 'resigned' | 'applied'

export interface Employee {
  id: number
  name: string
  email: string
  post: string
  city: string
  startDate: string
  salary: number
  age: number
  status: EmployeeStatus
}

const FIRST = ['Amelia', 'Bruno', 'Chen', 'Dalia', 'Emil', 'Fatima', 'Giulia', 'Hugo', 'Inês', 'Jakub', 'Karim', 'Lena', 'Mateo', 'Nadia', 'Oskar', 'Paula', 'Quentin', 'Rosa', 'Sven', 'Tiago', 'Ula', 'Vera', 'Wei', 'Yusuf']
const LAST = ['Clarke', 'Costa', 'Wei', 'Haddad', 'Nowak', 'Rahman', 'Romano', 'Moreau', 'Silva', 'Kowalski', 'Mansour', 'Schmidt', 'García', 'Petrova', 'Lindqvist', 'Ferreira']
const POSTS = ['Accountant', 'Software Engineer', 'Product Designer', 'Sales Manager', 'Support Agent', 'Data Analyst', 'Recruiter', 'Photographer']
const CITIES = ['Lisbon', 'Warsaw', 'Madrid', 'Lyon', 'Turin', 'Porto', 'Munich', 'Shenzhen', 'Recife', 'Cairo']
const STATUSES: EmployeeStatus[] = ['active', 'active', 'onLeave', 'resigned', 'applied', 'active']

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T
}

/** Deterministic rows, so screenshots and tests stay stable. */
export const EMPLOYEES: Employee[] = Array.from({ length: 48 }, (_, i) => {
  const first = pick(FIRST, i * 7)
  const last = pick(LAST, i * 5 + 3)
  const month = String((i % 12) + 1).padStart(2, '0')
  const day = String(((i * 3) % 28) + 1).padStart(2, '0')
  return {
    id: i + 1,
    name: `${first} ${last}`,
    email: `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[^a-z.]/g, '') + '@example.com',
    post: pick(POSTS, i * 3),
    city: pick(CITIES, i * 11),
    startDate: `${2016 + (i % 9)}-${month}-${day}`,
    salary: 28000 + ((i * 7919) % 52000),
    age: 22 + ((i * 13) % 38),
    status: pick(STATUSES, i),
  }
})

export const STATUS_COLOR: Record<EmployeeStatus, 'success' | 'warning' | 'error' | 'info'> = {
  active: 'success',
  onLeave: 'warning',
  resigned: 'error',
  applied: 'info',
}
