import { distance } from 'fastest-levenshtein';
import { queryWords } from './query-words';
import { formsOf } from './word-forms';

/**
 * Terms a job seeker uses for the same thing: the abbreviations and spellings of job postings.
 * The core distribution has no synonym filter (it lives in analysis-common), so synonyms are
 * expanded at query time (./relevance): a query term also matches the other members of its
 * group, at a lower weight than itself. Multi-word members ("machine learning") are matched as
 * phrases; in a query, their words are read as one term (concepts below), so "machine learning"
 * finds "ML" and "ml" finds "machine learning".
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['kubernetes', 'k8s'],
  ['golang', 'go'],
  ['postgresql', 'postgres'],
  ['machine learning', 'ml'],
  ['artificial intelligence', 'ai'],
  ['natural language processing', 'nlp'],
  ['user experience', 'ux'],
  ['user interface', 'ui'],
  ['frontend', 'front end'],
  ['backend', 'back end'],
  ['fullstack', 'full stack'],
  ['site reliability engineer', 'site reliability engineering', 'sre'],
  ['devops', 'dev ops'],
  ['quality assurance', 'qa'],
  ['human resources', 'hr'],
  ['information technology', 'it', 'ict'],
  ['project manager', 'pm'],
  ['product manager', 'pm'],
  ['program manager', 'pm'],
  ['extract transform load', 'etl'],
  // The abbreviations of health care postings (NHS).
  ['registered nurse', 'registered general nurse', 'rn', 'rgn'],
  ['registered mental health nurse', 'registered mental nurse', 'mental health nurse', 'rmn'],
  ['general practitioner', 'gp'],
  ['healthcare assistant', 'health care assistant', 'hca'],
  ['operating department practitioner', 'odp'],
  ['occupational therapist', 'ot'],
  ['amazon web services', 'aws'],
  ['google cloud platform', 'gcp'],
  ['business intelligence', 'bi'],
  ['database administrator', 'dba'],
  ['business analyst', 'ba'],
  ['software development engineer in test', 'sdet'],
  ['continuous integration', 'ci'],
  ['large language model', 'llm'],
  ['electronic health record', 'ehr'],
  ['dietitian', 'dietician'],
  ['physiotherapist', 'physio'],
  ['physiotherapy', 'physio'],
  ['cyber security', 'cybersecurity'],
  ['paediatric', 'pediatric'],
  ['anaesthetist', 'anesthetist'],
  ['orthopaedic', 'orthopedic'],
  ['admin', 'administrative'],
  ['community psychiatric nurse', 'community mental health nurse', 'cpn', 'cmhn'],
  ['advanced nurse practitioner', 'anp'],
  ['advanced clinical practitioner', 'acp'],
  ['clinical nurse specialist', 'cns'],
  ['district nurse', 'dn'],
  ['health visitor', 'hv'],
  ['speech and language therapist', 'slt'],
  ['allied health professional', 'ahp'],
  ['approved mental health professional', 'amhp'],
  ['healthcare support worker', 'health care support worker', 'hcsw'],
  ['intensive care unit', 'intensive care', 'icu', 'itu'],
  ['high dependency unit', 'hdu'],
  ['emergency department', 'accident and emergency', 'ed'],
  ['child and adolescent mental health services', 'camhs'],
  ['improving access to psychological therapies', 'iapt'],
  ['cognitive behavioural therapy', 'cognitive behavioral therapy', 'cbt'],
  ['musculoskeletal', 'msk'],
  ['learning disability', 'ld'],
  ['registered nurse learning disabilities', 'rnld'],
  // Titles spell these out as often as they abbreviate them ("Staff Nurse - Coronary Care Unit", "CCU
  // Staff Nurse"), and postings rarely define them where ./abbreviations would read it: without
  // them "ccot nurse" and "ar clerk" found no posting that spells them out (docs/decisions.md,
  // round 40: 52 queries up, 4 down on the spent sets; round 42 added the practice nurse, the
  // American nursing grades and a few of technology: 9 up, 0 down).
  ['registered nurse mental health', 'rnmh'],
  ['community mental health team', 'cmht'],
  ['crisis resolution home treatment', 'crisis resolution and home treatment', 'crht'],
  ['home treatment team', 'htt'],
  ['early intervention in psychosis', 'eip'],
  ['mental health support team', 'mhst'],
  ['psychological wellbeing practitioner', 'pwp'],
  ['critical care outreach', 'ccot'],
  ['peripherally inserted central catheter', 'picc'],
  ['acute medical unit', 'amu'],
  ['medical assessment unit', 'mau'],
  ['surgical assessment unit', 'sau'],
  ['coronary care unit', 'ccu'],
  ['neonatal intensive care unit', 'neonatal intensive care', 'nicu'],
  ['paediatric intensive care unit', 'paediatric intensive care', 'picu'],
  ['special care baby unit', 'scbu'],
  ['same day emergency care', 'sdec'],
  ['continuing healthcare', 'continuing health care', 'chc'],
  ['infection prevention and control', 'infection prevention', 'ipc'],
  ['tissue viability nurse', 'tvn'],
  ['diabetes specialist nurse', 'dsn'],
  ['emergency nurse practitioner', 'enp'],
  ['emergency care practitioner', 'ecp'],
  ['ear nose and throat', 'ent'],
  ['outpatient department', 'outpatients department', 'opd'],
  ['out of hours', 'ooh'],
  ['electrocardiogram', 'ecg', 'ekg'],
  ['magnetic resonance imaging', 'mri'],
  ['computed tomography', 'ct'],
  ['biomedical scientist', 'bms'],
  ['non medical prescriber', 'nmp'],
  ['referral to treatment', 'rtt'],
  ['patient advice and liaison service', 'pals'],
  ['multidisciplinary team', 'multi disciplinary team', 'mdt'],
  ['looked after children', 'lac'],
  ['special educational needs', 'sen'],
  ['special educational needs coordinator', 'senco', 'sendco'],
  ['education health and care plan', 'ehcp'],
  ['british sign language', 'bsl'],
  ['independent mental capacity advocate', 'imca'],
  ['independent mental health advocate', 'imha'],
  ['deprivation of liberty safeguards', 'dols'],
  ['care quality commission', 'cqc'],
  ['newly qualified nurse', 'nqn'],
  ['newly qualified teacher', 'nqt'],
  ['senior house officer', 'sho'],
  ['first contact practitioner', 'first contact physiotherapist', 'fcp'],
  ['extended scope practitioner', 'extended scope physiotherapist', 'esp'],
  ['primary care network', 'pcn'],
  ['integrated care board', 'icb'],
  ['clinical commissioning group', 'ccg'],
  ['genitourinary medicine', 'gum'],
  ['electronic patient record', 'epr'],
  ['general practice nurse', 'practice nurse', 'gp nurse', 'gpn'],
  ['licensed practical nurse', 'lpn'],
  ['certified nursing assistant', 'cna'],
  ['nurse practitioner', 'np'],
  ['speech language pathologist', 'slp'],
  ['certified registered nurse anesthetist', 'crna'],
  // The abbreviations of finance, office, facilities and technology postings.
  ['accounts payable', 'ap'],
  ['accounts receivable', 'ar'],
  ['chief executive officer', 'ceo'],
  ['chief financial officer', 'cfo'],
  ['chief technology officer', 'cto'],
  ['chief operating officer', 'coo'],
  ['chief information officer', 'cio'],
  ['executive assistant', 'ea'],
  ['hr business partner', 'human resources business partner', 'hrbp'],
  ['human resources information system', 'hris'],
  ['freedom of information', 'foi'],
  ['data protection officer', 'dpo'],
  ['project management office', 'programme management office', 'pmo'],
  ['governance risk and compliance', 'grc'],
  ['training needs analysis', 'tna'],
  ['search engine optimisation', 'search engine optimization', 'seo'],
  ['pay per click', 'ppc'],
  ['customer relationship management', 'crm'],
  ['enterprise resource planning', 'erp'],
  ['facilities management', 'fm'],
  ['planned preventative maintenance', 'planned preventive maintenance', 'ppm'],
  ['heating ventilation and air conditioning', 'hvac'],
  ['heavy goods vehicle', 'hgv'],
  ['computer numerical control', 'cnc'],
  ['computer aided design', 'cad'],
  ['salesforce', 'sfdc'],
  ['data warehouse', 'data warehousing', 'dwh', 'dw'],
  ['software development engineer', 'sde'],
  ['software engineer', 'swe'],
  ['security operations centre', 'security operations center', 'soc'],
  ['identity and access management', 'iam'],
  ['robotic process automation', 'rpa'],
  ['user acceptance testing', 'uat'],
  ['machine learning operations', 'ml ops', 'mlops'],
  ['system administrator', 'systems administrator', 'sysadmin'],
  ['vice president', 'vp'],
  ['product owner', 'po'],
  ['scrum master', 'sm'],
  ['certified public accountant', 'cpa'],
  ['building information modelling', 'building information modeling', 'bim'],
];

/** For each one-word member of a group, the other members of every group it is in ("pm": each kind of manager). */
const EQUIVALENTS: ReadonlyMap<string, readonly string[]> = SYNONYM_GROUPS.reduce((map, group) => {
  for (const term of group.filter((t) => !t.includes(' ')))
    map.set(term, [...new Set([...(map.get(term) ?? []), ...group.filter((other) => other !== term)])]);
  return map;
}, new Map<string, string[]>());

/**
 * Terms for neighbouring roles, one way: an SRE seeker is also after the DevOps roles that do
 * much the same work, below the site reliability roles themselves; a test engineer seeker after
 * testers and test analysts.
 */
const RELATED: ReadonlyMap<string, readonly string[]> = new Map([
  ['sre', ['devops', 'dev ops']],
  ['test engineer', ['tester', 'test analyst', 'qa engineer']],
  ['test analyst', ['tester', 'test engineer']],
  ['tester', ['test analyst', 'test engineer']],
  ['software tester', ['test analyst', 'test engineer']],
]);

/**
 * Roles and the fields they work in, the role first: "data scientist" and "data science",
 * "midwife" and "midwifery". Derived words stay apart as a rule (a developer is not after
 * business development, ./word-forms), but a seeker who names the field ("midwifery jobs",
 * "data science") wants its roles, below the words typed. One way only: a pharmacist is not
 * after the pharmacy technicians and assistants that "pharmacy" titles name. They meet in the
 * short fields only (./relevance), where a role names the job, not in descriptions, which
 * mention roles in passing.
 */
export const ROLE_FAMILIES: readonly (readonly string[])[] = [
  ['data scientist', 'data science'],
  ['data engineer', 'data engineering'],
  ['software engineer', 'software engineering'],
  ['nurse', 'nursing'],
  ['midwife', 'midwifery'],
  ['physiotherapist', 'physiotherapy'],
  ['psychologist', 'psychology'],
  ['psychiatrist', 'psychiatry'],
  ['pharmacist', 'pharmacy'],
  ['radiographer', 'radiography'],
  ['radiologist', 'radiology'],
  ['podiatrist', 'podiatry'],
  ['dietitian', 'dietetics', 'nutrition'],
  ['social worker', 'social work'],
  ['health visitor', 'health visiting'],
  ['occupational therapist', 'occupational therapy'],
  ['speech and language therapist', 'speech and language therapy'],
  ['counsellor', 'counselling'],
  ['paramedic', 'paramedic science'],
  ['surgeon', 'surgery'],
  ['statistician', 'statistics'],
  ['economist', 'economics'],
  ['accountant', 'accounting', 'accountancy'],
  ['administrator', 'administration', 'admin'],
  ['teacher', 'teaching'],
  ['tester', 'testing'],
];

/**
 * Terms whose words mean something else apart: "computer vision" is not "computer science" and
 * "colour vision", "mental health" not "health" and "mental arithmetic". In a query they must
 * match as a phrase (./relevance), in any form of their last word ("learning disabilities").
 */
export const PHRASE_CONCEPTS: readonly string[] = [
  'computer vision',
  'machine learning',
  'deep learning',
  'reinforcement learning',
  'natural language processing',
  'artificial intelligence',
  'data science',
  'data engineering',
  'business intelligence',
  'mental health',
  'social work',
  'social worker',
  'social care',
  'health visitor',
  'health visiting',
  'learning disability',
  'intensive care',
  'critical care',
  'primary care',
  'public health',
  'supply chain',
  'customer service',
  'information security',
  'cyber security',
  'quality assurance',
  'computer science',
];

const membersOf = (groups: readonly (readonly string[])[], term: string) => groups.filter((group) => group.includes(term));

/** What a (lowercase) term finds, besides itself and its synonyms, at a lower weight; empty for most. */
export function relatedTo(term: string): readonly string[] {
  return RELATED.get(term) ?? [];
}

/** The roles of a field ("midwife" for "midwifery", ROLE_FAMILIES); empty for most terms, roles included. */
export function familyOf(term: string): readonly string[] {
  return [...new Set(ROLE_FAMILIES.filter(([role, ...fields]) => role !== term && fields.includes(term)).map(([role]) => role))];
}

/** What else a (lowercase) query word may match; empty for most words. */
export function synonymsOf(word: string): readonly string[] {
  return EQUIVALENTS.get(word) ?? [];
}

/** The synonyms of a multi-word term ("ml" for "machine learning"). */
function phraseSynonyms(term: string): string[] {
  return [...new Set(membersOf(SYNONYM_GROUPS, term).flat())].filter((other) => other !== term);
}

/**
 * The multi-word terms a query may spell, as word lists, longest first (so the longest
 * spelling wins): the multi-word synonyms, the phrase concepts and the families' multi-word
 * members. Stop words are left out, as queryWords leaves them out of a query.
 */
const MULTI_WORD_TERMS: readonly { term: string; words: readonly string[]; spellings: readonly ReadonlySet<string>[] }[] = [
  ...new Set(
    [...SYNONYM_GROUPS.flat(), ...PHRASE_CONCEPTS, ...ROLE_FAMILIES.flat(), ...RELATED.keys()].filter((term) => term.includes(' ')),
  ),
]
  .map((term) => ({ term, words: queryWords(term).words }))
  .map(({ term, words }) => ({ term, words, spellings: words.map((word) => new Set(formsOf(word))) }))
  .filter(({ words }) => words.length > 1)
  .sort((a, b) => b.words.length - a.words.length);

/** Whether two adjacent words end a multi-word term (MULTI_WORD_TERMS) in any form: "social work", not "weekend work". */
export function endsTerm(before: string, word: string): boolean {
  return MULTI_WORD_TERMS.some(({ spellings }) => spellings.length >= 2 && spellings.at(-2)!.has(before) && spellings.at(-1)!.has(word));
}

/** MULTI_WORD_TERMS by the first letter of their first word, which a query word shares with it, typo or not (TYPO_TOLERANCE: none in the first letter). */
const TERMS_BY_FIRST_LETTER = MULTI_WORD_TERMS.reduce((map, term) => {
  const letter = term.words[0][0];
  map.set(letter, [...(map.get(letter) ?? []), term]);
  return map;
}, new Map<string, (typeof MULTI_WORD_TERMS)[number][]>());

/** One term of a query: a word, or the words of a multi-word term; and what else it may match. */
export interface Concept {
  words: readonly string[];
  /** Other spellings and abbreviations, at a weight below the words themselves. */
  synonyms: readonly string[];
  /** Neighbouring roles (RELATED), below the synonyms. */
  related: readonly string[];
  /** The roles of a field (ROLE_FAMILIES), in the short fields, below the synonyms. */
  family: readonly string[];
  /** Whether the words must stand together (PHRASE_CONCEPTS). */
  phrase: boolean;
}

/**
 * Whether a query word spells a word of a term: as written, in another form ("disabilities"),
 * or, when the index does not know the query word (`isTypo`), one typo away in a word of 4+
 * letters, two in one of 7+, never in the first letter ("lerning" for "learning"), as the
 * search forgives typos (./relevance TYPO_TOLERANCE).
 */
function spells(typed: string, word: string, spellings: ReadonlySet<string>, isTypo: (word: string) => boolean): boolean {
  if (spellings.has(typed)) return true;
  if (!isTypo(typed) || typed[0] !== word[0] || word.length < 4) return false;
  return distance(typed, word) <= (word.length >= 7 ? 2 : 1);
}

const conceptOf = (term: string, words: readonly string[]): Concept => ({
  words,
  synonyms: words.length === 1 ? synonymsOf(term) : phraseSynonyms(term),
  related: relatedTo(term),
  family: familyOf(term),
  phrase: PHRASE_CONCEPTS.includes(term),
});

/**
 * The query's words as terms: a run of words that spells a multi-word term ("machine
 * learning", "machine lerning" when the index does not know "lerning") is one term, read as
 * the term's own words; every other word is a term of its own. Within a term, its words are
 * read as terms of fewer words (`shorterThan`): "mental health" in "mental health nurse".
 */
export function concepts(words: readonly string[], isTypo: (word: string) => boolean = () => false, shorterThan = Infinity): Concept[] {
  const found: Concept[] = [];
  for (let i = 0; i < words.length;) {
    const multi = (TERMS_BY_FIRST_LETTER.get(words[i][0]) ?? []).find(
      (t) =>
        t.words.length < shorterThan &&
        t.words.every((word, k) => i + k < words.length && spells(words[i + k], word, t.spellings[k], isTypo)),
    );
    if (multi) {
      found.push(conceptOf(multi.term, multi.words));
      i += multi.words.length;
    } else {
      found.push(conceptOf(words[i], [words[i]]));
      i += 1;
    }
  }
  return found;
}
