export type Topic = 'web' | 'design' | 'video' | 'business' | 'language'

export interface Course {
  id: number
  title: string
  instructor: string
  topic: Topic
  lessons: number
  done: number
  hours: number
  rating: number
  reviews: number
}

export const courses: Course[] = [
  { id: 1, title: 'Basics of Angular', instructor: 'Lauretta Coie', topic: 'web', lessons: 100, done: 50, hours: 19.5, rating: 4.4, reviews: 8 },
  { id: 2, title: 'UI/UX Design', instructor: 'Maybelle Zmitrovich', topic: 'design', lessons: 200, done: 83, hours: 16.25, rating: 4.9, reviews: 10 },
  { id: 3, title: 'React Native', instructor: 'Gertie Langwade', topic: 'web', lessons: 100, done: 100, hours: 15.75, rating: 4.8, reviews: 9 },
  { id: 4, title: 'Art & Drawing', instructor: 'Estella Chace', topic: 'design', lessons: 50, done: 9, hours: 4.5, rating: 4.7, reviews: 18 },
  { id: 5, title: 'Basic Fundamentals', instructor: 'Euell Bownass', topic: 'web', lessons: 120, done: 120, hours: 22, rating: 4.6, reviews: 11 },
  { id: 6, title: 'React for Beginners', instructor: 'Terrance Messingham', topic: 'web', lessons: 80, done: 40, hours: 17.3, rating: 4.2, reviews: 70 },
  { id: 7, title: 'The Complete Figma Course', instructor: 'Ivor Ledgerton', topic: 'design', lessons: 60, done: 0, hours: 12.5, rating: 4.9, reviews: 24 },
  { id: 8, title: 'Beginner’s Guide to Video Editing', instructor: 'Quinn Sorensen', topic: 'video', lessons: 40, done: 13, hours: 8, rating: 4.5, reviews: 41 },
  { id: 9, title: 'Selling Online: Listings that Convert', instructor: 'Amara Nwosu', topic: 'business', lessons: 30, done: 30, hours: 5.5, rating: 4.3, reviews: 56 },
  { id: 10, title: 'Everyday Spanish for Travellers', instructor: 'Lucía Herrera', topic: 'language', lessons: 45, done: 12, hours: 9, rating: 4.8, reviews: 33 },
  { id: 11, title: 'Negotiation for Small Sellers', instructor: 'Jonas Weber', topic: 'business', lessons: 25, done: 0, hours: 4, rating: 4.1, reviews: 12 },
  { id: 12, title: 'Lighting for Product Videos', instructor: 'Aiko Tanaka', topic: 'video', lessons: 35, done: 35, hours: 6.5, rating: 4.7, reviews: 19 },
]

export interface Chapter {
  id: number
  title: string
  lessons: { id: string; title: string; minutes: number }[]
}

export const syllabus: Chapter[] = [
  { id: 1, title: 'Course content', lessons: [
    { id: '1-1', title: 'Welcome to the course', minutes: 2 },
    { id: '1-2', title: 'Setting up the workspace', minutes: 12 },
    { id: '1-3', title: 'Your first project', minutes: 18 },
  ] },
  { id: 2, title: 'Fundamentals', lessons: [
    { id: '2-1', title: 'Components and props', minutes: 21 },
    { id: '2-2', title: 'State and events', minutes: 24 },
    { id: '2-3', title: 'Lists and keys', minutes: 11 },
    { id: '2-4', title: 'Forms that validate', minutes: 27 },
  ] },
  { id: 3, title: 'Going further', lessons: [
    { id: '3-1', title: 'Routing between pages', minutes: 19 },
    { id: '3-2', title: 'Fetching data', minutes: 23 },
    { id: '3-3', title: 'Shipping to production', minutes: 15 },
  ] },
]
