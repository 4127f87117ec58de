import { useMutation } from '@tanstack/react-query';
import { type SaveFacebookPermissionsBody, saveFacebookPermissionsResponse } from '../../../shared/api/meta';
import { apiRequest } from '../api-client';

export interface SaveFacebookPermissionsInput {
  /** ARLO's bearer token; the answer carries a new one that records the granted permission. */
  token: string;
  body: SaveFacebookPermissionsBody;
}

export const saveFacebookPermissions = ({ token, body }: SaveFacebookPermissionsInput) =>
  apiRequest('/auth/save-facebook-permissions', saveFacebookPermissionsResponse, {
    method: 'POST',
    body,
    token,
  });

export const useSaveFacebookPermissions = () => useMutation({ mutationFn: saveFacebookPermissions });
