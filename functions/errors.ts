/**
 * Domain errors. Repositories and handlers throw these; the error middleware turns them into
 * JSON:API `errors[]`. Only 4xx details reach the client, in Italian.
 */
export class AppError extends Error {
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(detail: string) {
    super(400, 'validation_error', 'Richiesta non valida', detail);
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
  constructor(detail = 'Risorsa non trovata') {
    super(404, 'not_found', 'Non trovato', detail);
  }
}

export class ConflictError extends AppError {
  constructor(detail: string) {
    super(409, 'conflict', 'Conflitto', detail);
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

/** The store refused a write it could not keep (local data folder gone or read-only). */
export class StorageUnavailableError extends AppError {
  constructor(options?: { cause?: unknown }) {
    super(
      503,
      'storage_unavailable',
      'Archivio non disponibile',
      'Impossibile salvare i dati: l\u2019archivio non è disponibile o non è scrivibile. La modifica non è stata salvata: riprova più tardi.',
    );
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

export class MethodNotAllowedError extends AppError {
  constructor() {
    super(405, 'method_not_allowed', 'Metodo non consentito', 'Metodo non consentito per questo indirizzo');
  }
}

/** The access window message: the login page recognises "periodo di accesso" in it. */
export const ACCESS_PERIOD_DETAIL =
  'Accesso non consentito: il periodo di accesso è scaduto o non ancora iniziato';
