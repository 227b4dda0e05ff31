// Filled in by issue 34.
export default []
