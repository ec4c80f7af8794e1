import { hashApiKey, maskApiKey, newApiKey } from '../auth/tokens.ts';
import { resourceHandler } from '../http/resource.ts';
import { created, list, ok } from '../http/respond.ts';
import { TEXT_FIELDS } from '../../shared/domain/text.ts';
import { boundedText, positiveInt, requiredString } from '../http/validate.ts';
import { defineRoute } from '../http/types.ts';
import { createApiKey, deleteApiKey, listApiKeysWithOwners, requireUser, type ApiKeyRecord } from '../services/users.ts';

function present(key: ApiKeyRecord, username: string | null) {
  return {
    id: key.id,
    user_id: key.user_id,
    username,
    description: key.description,
    key_prefix: key.key_prefix,
    key_suffix: key.key_suffix,
    key_masked: `${key.key_prefix}${'•'.repeat(8)}${key.key_suffix}`,
    created_at: key.created_at,
  };
}

const list_ = defineRoute('GET /api/admin/api-keys', async (_req, ctx) => {
  return list('api_keys', (await listApiKeysWithOwners(ctx)).map(({ key, username }) => present(key, username)));
});

const create = defineRoute('POST /api/admin/api-keys', async (req, ctx) => {
  const userId = positiveInt(req.body.user_id, 'Seleziona un utente');
  const description = boundedText(requiredString(req.body.description, 'Inserisci una descrizione'), TEXT_FIELDS.apiKeyDescription);
  const user = await requireUser(ctx, userId);
  const key = newApiKey();
  const record = await createApiKey(ctx, {
    user_id: user.id,
    description,
    key_hash: hashApiKey(key),
    ...(({ prefix, suffix }) => ({ key_prefix: prefix, key_suffix: suffix }))(maskApiKey(key)),
  });
  // The only time the whole key leaves the server.
  return created({ ...present(record, user.username), key }, { message: 'Chiave API generata con successo' });
});

const remove = defineRoute('DELETE /api/admin/api-keys/{id}', async (req, ctx) => {
  const id = req.params.id;
  await deleteApiKey(ctx, id);
  return ok({ id, message: 'Chiave API revocata con successo' });
});

export const actions = { list: list_, create, remove };
export const handler = resourceHandler(actions);
