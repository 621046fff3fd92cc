/** A platform legal document. A new version is a new `version` string and `effectiveDate`; old acceptances keep theirs. */
export interface LegalDocument {
  key: string;
  title: string;
  version: string;
  effectiveDate: string;
  summary: string;
  /** Markdown. */
  body: string;
}
