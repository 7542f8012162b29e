/** Formatting, checked in CI (`npm run format:check`). */
export default {
  printWidth: 140,
  singleQuote: true,
  trailingComma: 'all',
};
