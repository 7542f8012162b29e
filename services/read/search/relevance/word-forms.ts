import pluralize from 'pluralize';

/**
 * Words shorter than this keep their one form: most are abbreviations ("aws", "ios", "js"),
 * whose "singular" ("aw", "io", "j") would be another word.
 */
const SHORTEST_INFLECTED = 4;
const LETTERS_ONLY = /^\p{L}+$/u;

/**
 * Words that end in "s" without being plurals, whose "singular" is another word or none: names of
 * tools and systems ("kubernetes" is not "kubernete", "windows" not the window a glazier fits,
 * "rails" not the railway), fields of work whose "-ic" is another word ("logistics" is not
 * "logistic" regression, "economics" not "economic" development, "sales" not a "sale") and the
 * practices named "-ops" ("devops", "mlops"; named one by one, as other words ending in "ops" are
 * plurals: "workshops", "laptops"). Their plural-looking form is their only one, and no other
 * word asks for it.
 */
const ONE_FORM = new Set([
  'kubernetes',
  'redis',
  'postgres',
  'jenkins',
  'pandas',
  'rails',
  'windows',
  'hris',
  'sales',
  'logistics',
  'economics',
  'physics',
  'ethics',
  'mathematics',
  'maths',
  'athletics',
  ...['dev', 'devsec', 'ml', 'llm', 'ai', 'git', 'fin', 'sec', 'data', 'net', 'sys', 'rev', 'biz'].map((prefix) => `${prefix}ops`),
]);

/**
 * Mass nouns: they have no plural, and pluralize's "singular" of some is another word ("data"
 * is not "datum"s, "healthcare" has no "healthcares"). Gerunds and the fields named by them
 * ("learning", "nursing", "engineering": GERUND) and the "-ware" and "-care" compounds are mass
 * nouns as a rule; these are the others job postings use.
 */
const MASS_NOUNS = new Set([
  'data',
  'information',
  'research',
  'equipment',
  'knowledge',
  'staff',
  'personnel',
  'feedback',
  'advice',
  'evidence',
  'welfare',
  'analytics',
  'admin',
  'media',
  'criteria',
  'security',
  'finance',
  'compliance',
  'governance',
  'procurement',
  'software',
]);
/** A gerund or a field named by one ("learning", "nursing"); short words ending in "ing" are nouns ("ring", "king"). */
const GERUND = /^\p{L}{3,}ing$/u;
const MASS_COMPOUND = /(?:care|ware)$/;

/**
 * The forms of a query word that mean the same thing: the word, its singular and its plural
 * ("nurse", "nurses"; "company", "companies"; "analysis", "analyses"; "woman", "women"), and
 * nothing else. The index keeps words as written and the query asks for every form, so stemming
 * never joins two different words: the dictionary stemmer it replaces read "remote" as "mote",
 * "designer" as "signer" and "business" as "busy". Derived words ("development", "nursing",
 * "engineering") are words of their own on purpose: a seeker of a developer role is not looking
 * for business development (./synonyms lets a role and its field meet at a low weight). Mass
 * nouns have one form; so do names of places, which the caller knows (./relevance). Words with digits or inner punctuation ("node.js", "c++") stay as
 * they are.
 */
export function formsOf(word: string): readonly string[] {
  let forms = KNOWN_FORMS.get(word);
  if (!forms) {
    // pluralize's rules are regular expressions, tried in turn: a word's forms are worked out once.
    if (KNOWN_FORMS.size >= MAX_KNOWN_FORMS) KNOWN_FORMS.clear();
    forms = Object.freeze(inflect(word));
    KNOWN_FORMS.set(word, forms);
  }
  return forms;
}

/** The forms of the words seen so far; forgotten all at once past MAX_KNOWN_FORMS, rather than grow with every word ever typed. */
const KNOWN_FORMS = new Map<string, readonly string[]>();
const MAX_KNOWN_FORMS = 20_000;

function inflect(word: string): string[] {
  if (word.length < SHORTEST_INFLECTED || !LETTERS_ONLY.test(word) || ONE_FORM.has(word)) return [word];
  if (MASS_NOUNS.has(word) || GERUND.test(word) || MASS_COMPOUND.test(word)) return [word];
  const singular = pluralize.singular(word);
  // The word's own form first; a form that is one of those words ("logistic" -> "logistics") is another word.
  const forms = new Set([word, ...[singular, pluralize.plural(singular)].filter((form) => !ONE_FORM.has(form))]);
  return [...forms].filter((form) => form.length >= SHORTEST_INFLECTED - 1);
}
