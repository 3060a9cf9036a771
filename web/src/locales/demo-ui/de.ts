import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const de: DemoUiMessages = en
export default de
