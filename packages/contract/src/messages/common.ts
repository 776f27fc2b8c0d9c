/** Refusals any call can give: validation of fields, sessions, the wire itself. `{0}` is a placeholder. */
const enUS = {
  'field.invalid': 'Invalid value for {0}',
  'field.required': '{0} is required',
  'field.unknown': 'Unknown field {0}',
  'field.integer': '{0} must be a whole number',
  'field.flag': '{0} must be 0 or 1',
  'field.decimal': '{0} must be a decimal amount',
  'field.requestId': 'requestId is missing or malformed',
  'field.page': 'page must be 1 or more',
  'field.size': 'size must be between 1 and 100',
  'session.required': 'You are not currently logged in, please go to log in',
  'session.disabled': 'This account has been disabled',
  'operator.required': 'Please log in to the back office first',
  'operator.forbidden': 'Your role does not allow this action',
  'request.inProgress': 'This request is already being processed',
  'wire.notFound': 'Not found',
  'wire.internal': 'Something went wrong on our side, please try again later',
  'wire.badBody': 'The request body could not be read',
  'balance.insufficient': 'Insufficient balance',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'field.invalid': 'Valore non valido per {0}',
  'field.required': '{0} è obbligatorio',
  'field.unknown': 'Campo sconosciuto: {0}',
  'field.integer': '{0} deve essere un numero intero',
  'field.flag': '{0} deve essere 0 o 1',
  'field.decimal': '{0} deve essere un importo decimale',
  'field.requestId': 'requestId mancante o non valido',
  'field.page': 'page deve essere almeno 1',
  'field.size': 'size deve essere tra 1 e 100',
  'session.required': 'Non hai effettuato l’accesso, accedi per continuare',
  'session.disabled': 'Questo account è stato disattivato',
  'operator.required': 'Accedi prima al back office',
  'operator.forbidden': 'Il tuo ruolo non consente questa operazione',
  'request.inProgress': 'Questa richiesta è già in elaborazione',
  'wire.notFound': 'Risorsa non trovata',
  'wire.internal': 'Si è verificato un errore da parte nostra, riprova più tardi',
  'wire.badBody': 'Impossibile leggere il corpo della richiesta',
  'balance.insufficient': 'Saldo insufficiente',
};

export const commonMessages = { 'en-US': enUS, 'it-IT': itIT };
