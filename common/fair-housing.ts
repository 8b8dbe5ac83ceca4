/**
 * Does a text refuse rental assistance? Source-of-income discrimination is illegal in New York City
 * (NYC Human Rights Law § 8-107(5)): a listing may not turn away vouchers, Section 8, CityFHEPS, HASA
 * or any other programme, and an agent may not say so in a conversation (issue 58 item 1;
 * docs/decisions/0058-fair-housing-detector.md). One detector for both: `publishIssues`
 * (common/listing.ts) refuses to publish, messaging warns the agent and flags the message for moderators.
 *
 * It reads sentence by sentence (a 'No' in one sentence never reaches a programme in the next), finds
 * each mention of a programme (names, abbreviations, 'vouchers', 'programs', 'subsidies'…) and a
 * refusing cue close to it: a negation before it ('no', "don't accept", 'unable to take', 'not
 * available to', 'must not be on', 'refuse') or after it ('not accepted', 'need not apply', ': no'),
 * over the few words that can stand between them (holders, tenants, any, the…), never across a comma
 * or a 'but'. A welcoming cue ('OK', 'welcome', 'no problem') right after a listed programme cancels a
 * 'no'. Restrictions of the income's source ('W-2 income only') refuse without naming a programme.
 * The corpus common/fair-housing.corpus.ts measures it (common/fair-housing.test.ts).
 */

/** A programme of rental assistance, or the people who use one. */
const PROGRAMME = String.raw`(?:(?:section|sec)[\s-]*(?:8|eight)\b|s-?8\b|city[\s-]*f?heps\b|fheps\b|city[\s-]*feps\b|hasa\b|hcv\b|sota\b|linc\b|dss\b|hra\b|nycha\b|hud(?:[\s-]*vash)?\b|vash\b|ehv\b|(?:(?:housing|rental|rent|government|govt|public|city|state|federal|any|other)\s+)*(?:choice\s+)?vouchers?\b|(?:housing|rental|rent|government|govt|public|city|state|federal|financial)\s+(?:assistance|aid|subsid(?:y|ies))\b|assistance\s+programs?\b|(?:housing|rental|government|govt|city|state|federal|public|subsidy|voucher)\s+programs?\b|programs?\b|programmes?\b|subsid(?:y|ies)\b|subsidized\s+(?:tenants|applicants|renters|housing)\b|welfare\b|third[\s-]*party\s+(?:payments?|checks?|payers?)\b)`;

/** Words that may follow a programme's name and still be about it ('Section 8 voucher holders'). */
const PROGRAMME_TAIL = String.raw`(?:[\s-]+(?:vouchers?|holders?|tenants?|applicants?|clients?|recipients?|users?|renters?|families|programs?|programmes?|payments?|checks?|letters?|residents?|cases?|assistance|housing|and|or|of|any|kind|kinds|type|types|sort|all|the|other|voucher|hra|hasa|dss|cityfheps|fheps|section|sec|8)\b)*`;

const MENTION = `${PROGRAMME}${PROGRAMME_TAIL}`;

/** Words that may stand between a refusing verb and the programme ('accept applicants with Section 8'). */
const BEFORE_GAP = String.raw`(?:(?:in|the|a|an|any|all|your|their|of|with|from|for|on|using|holding|who|have|has|are|is|receiving|tenants?|applicants?|clients?|renters?|people|anyone|families|those|holders?|kinds?|types?|forms?|sort|other|new|or|and)\s+){0,4}`;

/** Words that may stand between the programme and the refusing cue after it ('Vouchers of any kind are not accepted'). */
const AFTER_GAP = String.raw`(?:\s*[:=\-–—]\s*|\s+(?:(?:unfortunately|sorry|currently|at|this|time|here|too|also|still|just|simply)\s+){0,3})`;

const NEGATION = String.raw`(?:do\s+not|don'?t|does\s+not|doesn'?t|did\s+not|didn'?t|can\s+not|cannot|can'?t|could\s+not|couldn'?t|unable\s+to|not\s+able\s+to|will\s+not|won'?t|would\s+not|wouldn'?t|shall\s+not|are\s+not|aren'?t|is\s+not|isn'?t|am\s+not|no\s+longer|never|not)`;
const ADVERB = String.raw`(?:(?:currently|presently|now|yet|ever|really|usually|generally|at\s+this\s+time)\s+)?`;
const VERB = String.raw`(?:accept(?:s|ing|ed)?|tak(?:e|es|ing)|took|participate(?:s|d)?(?:\s+in)?|participating(?:\s+in)?|allow(?:s|ing|ed)?|consider(?:s|ing|ed)?|work(?:s|ing)?\s+with|deal(?:s|ing)?\s+with|rent(?:s|ing)?\s+to|lease(?:s|ing)?\s+to|honou?r(?:s|ing)?|entertain(?:s|ing)?|process(?:es|ing)?|do(?:es|ing)?|want(?:s|ing)?|approve(?:s|ing)?|qualify|show(?:s|ing)?\s+(?:to|units?\s+to|apartments?\s+to))`;

/** A refusal said after the programme: 'not accepted', 'need not apply', 'are excluded', ': no'. */
const AFTER_CUE = String.raw`(?:(?:(?:is|are|will|would|can|shall|may|must)\s+not|isn'?t|aren'?t|won'?t|wont|can'?t|cannot|not|never|no\s+longer)\s+(?:be\s+|being\s+)?(?:(?:currently|presently|now)\s+)?(?:accepted|allowed|welcome[ds]?|permitted|considered|eligible|taken|ok|okay|acceptable|entertained|honou?red|an\s+option|possible|qualified|approved|available|at\s+this\s+time|apply|applicable)\b|need\s+not\s+apply\b|(?:should|must|please|pls|kindly)?\s*(?:do\s+not|don'?t|not|never)\s+apply\b|(?:(?:are|is|will\s+be|get)\s+)?(?:excluded|prohibited|refused|rejected|declined|unwelcome|denied|turned\s+away|not\s+welcome)\b|no\s*(?:$|,|\)|(?:thanks?|thank\s+you|sorry|exceptions?|way)\b))`;

/** Not a refusal where the negation is itself negated, or the text states the law. */
const NOT_NEGATED = String.raw`(?<!(?:not|never|n't|illegal\s+to|unlawful\s+to|law\s+to)\s+)`;

/** 'no vouchers', 'No Section 8', 'no more programs', 'No-HRA' (not 'No vouchers? No problem'). */
const DIRECT_NO = new RegExp(String.raw`\bno[\s-]+(?:(?:any|more|other|further|outside)\s+)?${MENTION}`, 'i');
const GREETING_AFTER =
  /^[\s:,-]*(?:(?:are|is|very|most|all|always|totally)\s+)*(?:ok\b|okay\b|welcome|fine\b|encouraged|yes\b|no\s+problem)/i;

const REFUSALS: RegExp[] = [
  // "don't accept vouchers", 'unable to take HRA', 'does not participate in Section 8', 'not accepting programs'
  new RegExp(String.raw`\b${NEGATION}\s+${ADVERB}${VERB}\s+${BEFORE_GAP}${MENTION}`, 'i'),
  // 'Not available to voucher holders', 'not for Section 8', 'not open to'
  new RegExp(
    String.raw`\bnot\s+(?:for|to|open\s+to|available\s+(?:to|for)|suitable\s+for|intended\s+for|eligible\s+for|offered\s+to)\s+${BEFORE_GAP}${MENTION}`,
    'i',
  ),
  // 'must not be on any housing assistance', 'cannot be receiving HRA'
  new RegExp(
    String.raw`\b(?:must|may|should|can|shall)\s*(?:not|n't)\s+be\s+(?:on|receiving|using|in|part\s+of|enrolled\s+in)\s+${BEFORE_GAP}${MENTION}`,
    'i',
  ),
  new RegExp(String.raw`\bcannot\s+be\s+(?:on|receiving|using|in|part\s+of|enrolled\s+in)\s+${BEFORE_GAP}${MENTION}`, 'i'),
  // 'refuse vouchers', 'we decline to take Section 8' (never 'we never refuse vouchers')
  new RegExp(
    String.raw`${NOT_NEGATED}\b(?:refuse[sd]?|refusing|reject(?:s|ed|ing)?|decline[sd]?|declining|exclude[sd]?|excluding|turn(?:s|ing)?\s+away)\s+(?:to\s+${VERB}\s+)?${BEFORE_GAP}${MENTION}`,
    'i',
  ),
  // 'Vouchers: not accepted', 'Section-8 tenants not welcome', 'Voucher holders need not apply', 'Section 8: no'
  new RegExp(String.raw`\b${MENTION}${AFTER_GAP}${AFTER_CUE}`, 'i'),
  // 'Voucher holders, look elsewhere'; 'tenants without vouchers only'
  new RegExp(String.raw`\b${MENTION}\s*,?\s*(?:please\s+)?(?:look|search|try)\s+elsewhere\b`, 'i'),
  new RegExp(
    String.raw`\b(?:looking\s+for|seeking|want(?:ing)?|prefer(?:ring)?|only)\s+(?:tenants|applicants|renters|people|someone)\s+without\s+${BEFORE_GAP}${MENTION}`,
    'i',
  ),
  // 'Income restrictions apply to programs'
  new RegExp(String.raw`\b(?:income\s+)?restrictions?\s+(?:apply|applies)\s+(?:to\s+)?${BEFORE_GAP}${MENTION}`, 'i'),
  // Restrictions of the income's source: 'only employment income', 'W-2 income only', 'private pay only'
  /\bprivate[\s-]+pay(?:ing|ment)?\s+(?:tenants\s+|applicants\s+)?only\b|\bonly\s+private[\s-]+pay\b/i,
  /\bonly\s+(?:w-?2|employment|employed|earned|job|paycheck|salary|salaried|wage)\s+income\b/i,
  /\b(?:w-?2|employment|earned|job|paycheck|salary|wage)\s+income\s+only\b/i,
  /\bincome\s+(?:must|has\s+to|needs?\s+to|should)\s+(?:be|come)\s+(?:only\s+)?from\s+(?:employment|a\s+job|work|wages|salary|an\s+employer)\b/i,
  /\b(?:w-?2|employment|salaried)\s+(?:applicants|tenants|employees)\s+only\b/i,
];

/** 'No X or vouchers' (a list ending with a programme), unless a welcome follows ('No pets and vouchers OK'). */
const LISTED = new RegExp(String.raw`\bno\s+[a-z-]+(?:\s*,\s*[a-z-]+){0,3}\s*,?\s*(?:or|nor|and|/)\s*${MENTION}`, 'i');
const WELCOME_AFTER =
  /^[\s:,-]*(?:(?:are|is|very|most|all|always|totally|more\s+than)\s+)*(?:ok\b|okay\b|welcome|fine\b|encouraged|yes\b|great\b|no\s+problem|considered\b|accepted\b|allowed\b|happily|gladly)/i;

/** A sentence about the law, not a refusal: 'It is illegal to refuse vouchers'. */
const ABOUT_THE_LAW = /\b(?:illegal|unlawful|against\s+the\s+law|human\s+rights\s+law)\b/i;

/** The text's sentences: split on . ! ? ; and line breaks, with 'Sec. 8' kept whole and 'Section 8? No' read as one. */
export function sentencesOf(text: string): string[] {
  const normalized = text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\b(sec|s)\.\s*(?=(?:8|eight)\b)/gi, '$1 ')
    .replace(/\?\s*(?=(?:no|nope)\b)/gi, ': ');
  return normalized
    .split(/[.!?;\n\r]+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

function refusalIn(sentence: string): string | null {
  if (ABOUT_THE_LAW.test(sentence)) return null;
  const direct = DIRECT_NO.exec(sentence);
  if (direct && !GREETING_AFTER.test(sentence.slice(direct.index + direct[0].length))) return direct[0].trim();
  for (const re of REFUSALS) {
    const m = re.exec(sentence);
    if (m) return m[0].trim();
  }
  const listed = LISTED.exec(sentence);
  if (listed && !WELCOME_AFTER.test(sentence.slice(listed.index + listed[0].length))) return listed[0].trim();
  return null;
}

/**
 * The refusing part of the first sentence of `text` that refuses rental assistance ('no housing
 * vouchers', 'Vouchers: not accepted', 'W-2 income only'), or null when none does.
 */
export function assistanceRefusal(text: string | null | undefined): string | null {
  if (!text) return null;
  for (const sentence of sentencesOf(text)) {
    const phrase = refusalIn(sentence);
    if (phrase) return phrase;
  }
  return null;
}
