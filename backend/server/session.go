package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net"
	"net/http"
	"time"
)

// sessionMaxAge keeps the cookie as long as browsers allow (Chromium caps at
// 400 days): it stays valid exactly as long as the token it comes from.
const sessionMaxAge = 400 * 24 * time.Hour

// access admits /api/ calls that carry the token, as a bearer token or as the
// session cookie the token link set on this origin.
type access struct {
	bearer  []byte
	session []byte
}

func newAccess(token string) access {
	return access{bearer: []byte("Bearer " + token), session: []byte(sessionValue(token))}
}

// sessionValue derives the cookie from the token rather than being the token,
// so a new token (serve --new-token) refuses every earlier cookie.
func sessionValue(token string) string {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte("lexflow session cookie"))
	return hex.EncodeToString(mac.Sum(nil))
}

// sessionCookieName carries the port: browsers share cookies across the ports
// of one host, and two Lexflows on one machine must not log each other out.
func sessionCookieName(host string) string {
	_, port, err := net.SplitHostPort(host)
	if err != nil {
		port = "80"
	}
	return "lexflow_session_" + port
}

func (a access) require(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case a.hasBearer(r):
		case a.hasSession(r):
			if reason := cookieRefusal(r); reason != "" {
				deny(w, r, http.StatusForbidden, "forbidden_origin", reason)
				return
			}
		default:
			deny(w, r, http.StatusUnauthorized, "unauthorized",
				"missing or wrong access token: open Lexflow with the link `lexflow serve` prints")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (a access) hasBearer(r *http.Request) bool {
	return subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), a.bearer) == 1
}

func (a access) hasSession(r *http.Request) bool {
	c, err := r.Cookie(sessionCookieName(r.Host))
	return err == nil && subtle.ConstantTimeCompare([]byte(c.Value), a.session) == 1
}

// cookieRefusal says why a request must not ride on the cookie alone. A
// browser sends it with requests other pages make (SameSite does not tell
// ports of 127.0.0.1 apart), so only this page's own requests may use it:
// the browser marks them same-origin, and anything that changes state must
// name this origin (guardHost already refused any other).
func cookieRefusal(r *http.Request) string {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return "another site's page cannot use this Lexflow's session"
	}
	if !safeMethod(r.Method) && r.Header.Get("Origin") == "" {
		return "a request that changes something must come from Lexflow's own page"
	}
	return ""
}

func safeMethod(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}

// startSession answers the token link: the page trades the token it was
// opened with for a session cookie, so new tabs, bookmarks and opened links
// on this machine need no token in their address.
func (a access) startSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name:     sessionCookieName(r.Host),
		Value:    string(a.session),
		Path:     "/",
		MaxAge:   int(sessionMaxAge.Seconds()),
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
	w.WriteHeader(http.StatusNoContent)
}
