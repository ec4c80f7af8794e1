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
  constructor(detail: string) {
    super(413, 'payload_too_large', 'Richiesta troppo grande', detail);
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

/** The generic 409 when a conditional write found the data changed under it. */
export const CHANGED_MEANWHILE_DETAIL = 'I dati sono stati modificati nel frattempo: ricarica la pagina e riprova.';

/** The access window message: the login page recognises "periodo di accesso" in it. */
export const ACCESS_PERIOD_DETAIL =
  'Accesso non consentito: il periodo di accesso è scaduto o non ancora iniziato';
