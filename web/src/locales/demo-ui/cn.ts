import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const cn: DemoUiMessages = en
export default cn
