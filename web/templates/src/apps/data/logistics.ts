export interface Vehicle {
  id: string
  driver: string
  from: string
  to: string
  warnings: 'none' | 'fuel' | 'temperature' | 'ecu' | 'oil'
  progress: number
  /** Route across the fleet map, as points on a 100 x 60 grid. */
  path: [number, number][]
}

export const vehicles: Vehicle[] = [
  { id: 'VOL-342808', driver: 'Veronica Herman', from: 'Chicago, US', to: 'New York, US', warnings: 'none', progress: 49, path: [[8, 40], [30, 30], [55, 28], [80, 18]] },
  { id: 'VOL-954784', driver: 'Myrtle Ullrich', from: 'Dallas, US', to: 'Denver, US', warnings: 'ecu', progress: 24, path: [[60, 52], [45, 44], [30, 36], [20, 20]] },
  { id: 'VOL-342809', driver: 'Laurence Leuschke', from: 'Seattle, US', to: 'Portland, US', warnings: 'oil', progress: 7, path: [[10, 8], [12, 18], [14, 26]] },
  { id: 'VOL-343394', driver: 'Adah Kub', from: 'Miami, US', to: 'Atlanta, US', warnings: 'temperature', progress: 95, path: [[88, 56], [82, 46], [76, 38]] },
  { id: 'VOL-343443', driver: 'Hattie Pollich', from: 'Boston, US', to: 'Philadelphia, US', warnings: 'none', progress: 67, path: [[92, 10], [86, 16], [80, 24]] },
  { id: 'VOL-345332', driver: 'Nils Carlsson', from: 'Phoenix, US', to: 'Las Vegas, US', warnings: 'fuel', progress: 81, path: [[30, 54], [24, 46], [18, 40]] },
  { id: 'VOL-346712', driver: 'Guadalupe Vance', from: 'Houston, US', to: 'Austin, US', warnings: 'none', progress: 33, path: [[66, 56], [58, 54], [52, 52]] },
  { id: 'VOL-347120', driver: 'Ingrid Solberg', from: 'Detroit, US', to: 'Cleveland, US', warnings: 'none', progress: 58, path: [[66, 18], [72, 20], [76, 24]] },
  { id: 'VOL-348015', driver: 'Tomasz Wiśniewski', from: 'Minneapolis, US', to: 'Milwaukee, US', warnings: 'ecu', progress: 12, path: [[48, 12], [54, 16], [60, 18]] },
  { id: 'VOL-349902', driver: 'Camille Laurent', from: 'San Diego, US', to: 'Los Angeles, US', warnings: 'none', progress: 88, path: [[10, 56], [8, 50], [7, 44]] },
  { id: 'VOL-350117', driver: 'Rafael Moreira', from: 'Nashville, US', to: 'Memphis, US', warnings: 'oil', progress: 41, path: [[72, 40], [66, 42], [60, 42]] },
  { id: 'VOL-351230', driver: 'Li Wei', from: 'Salt Lake City, US', to: 'Boise, US', warnings: 'none', progress: 73, path: [[26, 26], [20, 20], [16, 14]] },
]

export const shipments = { shipped: [38, 45, 33, 38, 32, 48, 45, 40, 42, 37], delivered: [23, 28, 23, 32, 25, 42, 32, 32, 26, 24] }

export const deliveryPerformance = [
  { key: 'packagesInTransit', value: 10000, change: 25.8 },
  { key: 'packagesOutForDelivery', value: 5000, change: 4.3 },
  { key: 'packagesDelivered', value: 15000, change: -12.5 },
  { key: 'deliverySuccessRate', value: 95, change: 35.6 },
  { key: 'averageDeliveryTime', value: 2.5, change: -2.15 },
  { key: 'customerSatisfaction', value: 4.5, change: 5.7 },
] as const

export const exceptions = [
  { key: 'incorrectAddress', value: 13 },
  { key: 'weatherConditions', value: 25 },
  { key: 'federalHolidays', value: 22 },
  { key: 'damageDuringTransit', value: 40 },
] as const

export const depots = [
  { id: 1, name: 'Newark North', capacity: 1200, used: 1044, docks: 18 },
  { id: 2, name: 'Joliet Hub', capacity: 1800, used: 1242, docks: 26 },
  { id: 3, name: 'Fort Worth East', capacity: 950, used: 912, docks: 12 },
  { id: 4, name: 'Ontario CA', capacity: 1400, used: 868, docks: 20 },
  { id: 5, name: 'Savannah Port', capacity: 700, used: 315, docks: 9 },
]
