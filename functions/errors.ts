/**
 * Domain errors. Repositories and handlers throw these; the error middleware turns them into
 * JSON:API `errors[]`. Only 4xx details reach the client, in Italian. The failure underneath
 * (an SDK exception, say) goes in `cause`, Powertools style: `new ConflictError(msg, { cause })`;
 * it is logged, never sent.
 */
export class AppError extends Error {
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(detail: string, options?: ErrorOptions) {
    super(400, 'validation_error', 'Richiesta non valida', detail, options);
  }
}

export class UnauthorizedError extends AppError {
  constructor(detail = 'Autenticazione richiesta') {
    super(401, 'unauthorized', 'Non autenticato', detail);
  }
}

export class ForbiddenError extends AppError {
  constructor(detail = 'Accesso negato. Solo gli amministratori possono accedere a questa sezione.') {
    super(403, 'forbidden', 'Accesso negato', detail);
  }
}

export class NotFoundError extends AppError {
  constructor(detail = 'Risorsa non trovata', options?: ErrorOptions) {
    super(404, 'not_found', 'Non trovato', detail, options);
  }
}

export class ConflictError extends AppError {
  constructor(detail: string, options?: ErrorOptions) {
    super(409, 'conflict', 'Conflitto', detail, options);
  }
}

/** An If-Match header named a version the item no longer has. */
export class PreconditionFailedError extends AppError {
  constructor(detail: string, options?: ErrorOptions) {
    super(412, 'precondition_failed', 'Versione non più attuale', detail, options);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(detail: string, options?: ErrorOptions) {
    super(413, 'payload_too_large', 'Richiesta troppo grande', detail, options);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(detail: string) {
    super(415, 'unsupported_media_type', 'Formato non supportato', detail);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(detail: string, retryAfterSeconds?: number) {
    super(429, 'too_many_requests', 'Troppe richieste', detail);
    if (retryAfterSeconds !== undefined) this.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  }
}

/**
 * The store refused a write it could not keep (local data folder gone or read-only), or a table
 * is missing (a deployment fault).
 */
export class StorageUnavailableError extends AppError {
  constructor(options?: ErrorOptions) {
    super(
      503,
      'storage_unavailable',
      'Archivio non disponibile',
      'Impossibile salvare i dati: l\u2019archivio non è disponibile o non è scrivibile. La modifica non è stata salvata: riprova più tardi.',
      options,
    );
  }
}

/** The store throttled us (DynamoDB capacity or request rate): nothing was written; try again shortly. */
export class StorageBusyError extends AppError {
  constructor(options?: ErrorOptions) {
    super(503, 'storage_busy', 'Archivio occupato', 'L\u2019archivio è momentaneamente sovraccarico: la richiesta non è stata eseguita. Riprova tra qualche secondo.', options);
    this.headers = { 'retry-after': '2' };
  }
}

/**
 * A failure the user reads as it is: `reason` is Italian (an upload's 400 once a service turns it
 * into an AppError with this as `cause`, or a document's failure reason). Not an HTTP answer by
 * itself: the readers and the analysis throw these, the services decide what they mean.
 */
export class ReasonError extends Error {
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
    this.name = new.target.name;
  }
}

/** A computo file (XPWE, SIX, LeenO, Excel) refused by its importer (functions/analysis/import). */
export class ImportError extends ReasonError {}

/** A price-list file that cannot be read (functions/prezzari/readers): a 400 with `detail`. */
export class PriceFileError extends ReasonError {
  get detail(): string {
    return this.reason;
  }
}

/** A PDF that cannot be read (functions/analysis/pdf-text.ts): damaged, or protected by a password. */
export class PdfReadError extends ReasonError {
  constructor(
    readonly code: 'invalid' | 'password',
    reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
  }
}

/** The cloud OCR (Textract, functions/adapters/textract.ts) refused or failed a document. */
export class OcrError extends ReasonError {}

/** The local OCR (tesseract.js, functions/ocr/tesseract.ts) could not load its model. */
export class OcrUnavailableError extends ReasonError {
  constructor(options?: ErrorOptions) {
    super('L\u2019OCR locale non è disponibile: il modello di riconoscimento del testo non è stato caricato.', options);
  }
}

/** Malformed XML at `line` (functions/prezzari/readers/xml.ts); the readers say it in Italian. */
export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * A bulk row write found its document's operation taken over by a later one
 * (functions/storage/repositories/rows.ts): that one does the work, this one stops.
 */
export class OperationSupersededError extends Error {
  constructor(
    readonly operationId: string,
    options?: ErrorOptions,
  ) {
    super(`operation ${operationId} superseded`, options);
    this.name = new.target.name;
  }
}

/** The generic 409 when a conditional write found the data changed under it (also the 412 of a stale If-Match on a document). */
export { CHANGED_MEANWHILE_DETAIL } from '../shared/domain/row-versions.ts';

/** The access window message: the login page recognises "periodo di accesso" in it. */
export const ACCESS_PERIOD_DETAIL =
  'Accesso non consentito: il periodo di accesso è scaduto o non ancora iniziato';
