import { GRAPH_VERSION } from '../graph';

/**
 * A stand-in for Facebook's JS SDK (connect.facebook.net/…/sdk.js), served as `/sdk.js`. It keeps
 * the SDK's calling conventions (FB.init, getLoginStatus, login, logout, api) but logs in through
 * the simulator's `/dialog/oauth` and calls the simulator's Graph API, so the web app runs the
 * same code with no internet. Plain ES2019, no dependencies. The `x-arlo-sdk-standin` header is
 * what lets these browser calls go without appsecret_proof, which a browser cannot compute.
 */
export const SDK_STANDIN_JS = `(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\\/sdk\\.js(?:[?#].*)?$/, '') : '';
  var appId = '';
  var version = '${GRAPH_VERSION}';
  var authResponse = null;

  function status() {
    return authResponse
      ? { status: 'connected', authResponse: authResponse }
      : { status: 'unknown', authResponse: null };
  }
  function later(cb, value) {
    if (typeof cb === 'function') setTimeout(function () { cb(value); }, 0);
  }
  function encode(params) {
    return Object.keys(params)
      .filter(function (key) { return params[key] !== undefined && params[key] !== null; })
      .map(function (key) {
        var value = params[key];
        if (typeof value === 'object') value = JSON.stringify(value);
        return encodeURIComponent(key) + '=' + encodeURIComponent(String(value));
      })
      .join('&');
  }

  var FB = {
    init: function (options) {
      options = options || {};
      appId = options.appId ? String(options.appId) : '';
      if (options.version) version = options.version;
    },
    getLoginStatus: function (cb) { later(cb, status()); },
    getAuthResponse: function () { return authResponse; },
    login: function (cb, options) {
      var scope = (options && options.scope) || '';
      var url = base + '/dialog/oauth?client_id=' + encodeURIComponent(appId) + '&scope=' + encodeURIComponent(scope);
      fetch(url)
        .then(function (response) {
          if (!response.ok) throw new Error('login failed: ' + response.status);
          return response.json();
        })
        .then(function (body) {
          authResponse = {
            accessToken: body.accessToken,
            userID: body.userID,
            expiresIn: body.expiresIn,
            grantedScopes: body.grantedScopes,
            graphDomain: 'facebook'
          };
          later(cb, status());
        }, function () {
          authResponse = null;
          later(cb, { status: 'unknown', authResponse: null });
        });
    },
    logout: function (cb) {
      authResponse = null;
      later(cb, status());
    },
    api: function (path) {
      var method = 'get';
      var params = {};
      var cb = function () {};
      for (var i = 1; i < arguments.length; i++) {
        var arg = arguments[i];
        if (typeof arg === 'string') method = arg.toLowerCase();
        else if (typeof arg === 'function') cb = arg;
        else if (arg && typeof arg === 'object') params = arg;
      }
      var query = {};
      Object.keys(params).forEach(function (key) { query[key] = params[key]; });
      if (query.access_token === undefined && authResponse) query.access_token = authResponse.accessToken;
      var url = base + '/' + version + (path.charAt(0) === '/' ? path : '/' + path);
      var init = { method: method.toUpperCase(), headers: { 'x-arlo-sdk-standin': '1' } };
      if (method === 'get') {
        url += (url.indexOf('?') === -1 ? '?' : '&') + encode(query);
      } else {
        init.headers['content-type'] = 'application/x-www-form-urlencoded';
        init.body = encode(query);
      }
      fetch(url, init)
        .then(function (response) { return response.json(); })
        .then(function (body) { cb(body); }, function (error) {
          cb({ error: { message: String(error && error.message || error), type: 'NetworkError', code: 1 } });
        });
    },
    Event: { subscribe: function () {}, unsubscribe: function () {} }
  };

  window.FB = FB;
  if (typeof window.fbAsyncInit === 'function') {
    setTimeout(function () { window.fbAsyncInit(); }, 0);
  }
})();
`;
