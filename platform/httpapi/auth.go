package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"souk/platform"
)

// BearerAuth is embedded in inputs of operations that need a signed-in
// user (exported so that huma can fill the embedded header field).
type BearerAuth struct {
	Authorization string `header:"Authorization" doc:"Bearer <accessToken>"`
}

var bearerSecurity = []map[string][]string{{"BearerAuth": {}}}

func bearerToken(header string) string {
	scheme, token, ok := strings.Cut(strings.TrimSpace(header), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// signedIn resolves the accessToken: 401 when missing, expired or revoked.
func (s *Server) signedIn(ctx context.Context, b BearerAuth) (*platform.Session, error) {
	token := bearerToken(b.Authorization)
	if token == "" {
		return nil, huma.Error401Unauthorized("sign in first: send Authorization: Bearer <accessToken>")
	}
	sess, err := s.opts.Accounts.AuthenticateAccessToken(ctx, platform.SiteFrom(ctx).Project, token)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return sess, nil
}

// withScope is signedIn plus a scope check: 403 when the user lacks it.
func (s *Server) withScope(ctx context.Context, b BearerAuth, scope string) (*platform.Session, error) {
	sess, err := s.signedIn(ctx, b)
	if err != nil {
		return nil, err
	}
	if !sess.User.HasScope(scope) {
		return nil, huma.Error403Forbidden("your account does not have the " + scope + " scope needed here")
	}
	return sess, nil
}

type userBody struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	DisplayName string `json:"displayName"`
}

type sessionBody struct {
	UserID           string                 `json:"userId"`
	AccessToken      string                 `json:"accessToken"`
	APIToken         string                 `json:"apiToken,omitempty"`
	ExpiresAt        time.Time              `json:"expiresAt"`
	User             userBody               `json:"user"`
	Roles            []string               `json:"roles"`
	Scopes           []string               `json:"scopes"`
	UserAbilityRules []platform.AbilityRule `json:"userAbilityRules"`
}

type sessionOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         sessionBody
}

func newSessionOutput(sess *platform.Session) *sessionOutput {
	u := sess.User
	return &sessionOutput{CacheControl: "no-store", Body: sessionBody{
		UserID: u.ID, AccessToken: sess.AccessToken, APIToken: sess.APIToken, ExpiresAt: sess.ExpiresAt,
		User:  userBody{ID: u.ID, Email: u.Email, DisplayName: u.DisplayName},
		Roles: u.Roles, Scopes: u.Scopes(), UserAbilityRules: u.AbilityRules(),
	}}
}

type registerInput struct {
	Body struct {
		Email       string `json:"email" maxLength:"254" doc:"E-mail address; the same address may register on several sites"`
		Password    string `json:"password" doc:"8–128 characters, at least one letter and one digit"`
		DisplayName string `json:"displayName" maxLength:"80" doc:"Name shown to other users"`
	}
}

type loginInput struct {
	Body struct {
		Email    string `json:"email" maxLength:"254"`
		Password string `json:"password" maxLength:"1024"`
	}
}

type googleInput struct {
	Body struct {
		IDToken string `json:"idToken" minLength:"1" maxLength:"8192" doc:"Google ID token (JWT) from the sign-in client"`
	}
}

type forgotInput struct {
	Body struct {
		Email string `json:"email" maxLength:"254"`
	}
}

type resetInput struct {
	Body struct {
		Token    string `json:"token" minLength:"1" maxLength:"200" doc:"The token from the reset link"`
		Password string `json:"password" doc:"The new password: 8–128 characters, at least one letter and one digit"`
	}
}

type emptyOutput struct{}

type registeredOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Message string `json:"message"`
	}
}

// forgotFloor is how long forgot-password takes at least, so that a known
// address (a reset link is stored and mailed) answers no slower than an
// unknown one.
const forgotFloor = 250 * time.Millisecond

func (s *Server) registerAuth() {
	tags := []string{"Accounts"}
	huma.Register(s.api, huma.Operation{
		OperationID: "register", Method: http.MethodPost, Path: "/api/auth/register", Tags: tags,
		Summary: "Create an account",
		Description: "Always 202 with the same body, whether or not the e-mail already has an account on this site " +
			"(its owner is told by mail, at most once a day); sign in next with the same e-mail and password. Rate-limited per IP.",
		DefaultStatus: http.StatusAccepted,
	}, s.register)
	huma.Register(s.api, huma.Operation{
		OperationID: "login", Method: http.MethodPost, Path: "/api/auth/login", Tags: tags,
		Summary: "Sign in with e-mail and password",
		Description: "Unknown e-mail and wrong password give the same 401. Rate-limited per IP; repeated failures on one " +
			"account from one network are slowed down exponentially (429 with Retry-After) without affecting other networks.",
	}, s.login)
	huma.Register(s.api, huma.Operation{
		OperationID: "logout", Method: http.MethodPost, Path: "/api/auth/logout", Tags: tags,
		Summary:       "Sign out: revoke the session's tokens and close its realtime connections",
		Security:      bearerSecurity,
		DefaultStatus: http.StatusNoContent,
	}, s.logout)
	huma.Register(s.api, huma.Operation{
		OperationID: "me", Method: http.MethodGet, Path: "/api/auth/me", Tags: tags,
		Summary:     "The signed-in user's session",
		Description: "No new tokens are issued: accessToken echoes the presented one and apiToken is empty.",
		Security:    bearerSecurity,
	}, s.me)
	huma.Register(s.api, huma.Operation{
		OperationID: "forgot-password", Method: http.MethodPost, Path: "/api/auth/forgot-password", Tags: tags,
		Summary:       "Mail a password reset link",
		Description:   "Always 202 after the same time, whether or not the e-mail has an account on this site. A new link voids older ones. Rate-limited per IP.",
		DefaultStatus: http.StatusAccepted,
	}, s.forgotPassword)
	huma.Register(s.api, huma.Operation{
		OperationID: "reset-password", Method: http.MethodPost, Path: "/api/auth/reset-password", Tags: tags,
		Summary:       "Choose a new password with a reset token",
		Description:   "The token works once and expires; every session of the user is revoked and its realtime connections closed. Rate-limited per IP.",
		DefaultStatus: http.StatusNoContent,
	}, s.resetPassword)
	if s.opts.Identity != nil {
		huma.Register(s.api, huma.Operation{
			OperationID: "google-sign-in", Method: http.MethodPost, Path: "/api/auth/google", Tags: tags,
			Summary:     "Sign in with a Google ID token",
			Description: "The token must be issued to this site's client id (the local one on localhost hosts) and carry a verified e-mail.",
		}, s.googleSignIn)
	}
}

func (s *Server) register(ctx context.Context, in *registerInput) (*registeredOutput, error) {
	if err := check(ctx, s.limits.registerIP, infoFrom(ctx).IP); err != nil {
		return nil, err
	}
	err := s.opts.Accounts.Register(ctx, &platform.Registration{Site: platform.SiteFrom(ctx).Project,
		Email: in.Body.Email, Password: in.Body.Password, DisplayName: in.Body.DisplayName})
	if err != nil {
		return nil, Problem(ctx, err)
	}
	out := &registeredOutput{CacheControl: "no-store"}
	out.Body.Message = "registration received: sign in with this e-mail address and password"
	return out, nil
}

func (s *Server) login(ctx context.Context, in *loginInput) (*sessionOutput, error) {
	site := platform.SiteFrom(ctx).Project
	ip := infoFrom(ctx).IP
	if err := check(ctx, s.limits.loginIP, ip); err != nil {
		return nil, err
	}
	key := site + "\x00" + platform.NormalizeEmail(in.Body.Email) + "\x00" + network(ip)
	if wait := s.limits.loginAccount.wait(ctx, key, time.Now()); wait > 0 {
		return nil, huma.ErrorWithHeaders(
			huma.Error429TooManyRequests("too many failed attempts for this account from your network; try again in "+retryAfter(wait)+" seconds"),
			http.Header{"Retry-After": {retryAfter(wait)}})
	}
	sess, err := s.opts.Accounts.Login(ctx, site, in.Body.Email, in.Body.Password)
	if err != nil {
		if platform.ErrorCode(err) == platform.EUNAUTHORIZED {
			s.limits.loginAccount.fail(ctx, key, time.Now())
		}
		return nil, Problem(ctx, err)
	}
	s.limits.loginAccount.succeed(ctx, key)
	return newSessionOutput(sess), nil
}

func (s *Server) logout(ctx context.Context, in *struct{ BearerAuth }) (*emptyOutput, error) {
	sess, err := s.signedIn(ctx, in.BearerAuth)
	if err != nil {
		return nil, err
	}
	if err := s.opts.Accounts.Logout(ctx, sess.User.Site, sess.ID); err != nil {
		return nil, Problem(ctx, err)
	}
	s.sessionsEnded(ctx, platform.SessionEnd{Site: sess.User.Site, UserID: sess.User.ID, SessionID: sess.ID, Reason: platform.EndLogout})
	return &emptyOutput{}, nil
}

// sessionsEnded closes what stays open of ended sessions; the tokens are
// already revoked, so a failure here is logged, not returned.
func (s *Server) sessionsEnded(ctx context.Context, end platform.SessionEnd) {
	if s.opts.Sessions == nil {
		return
	}
	if err := s.opts.Sessions.SessionsEnded(context.WithoutCancel(ctx), end); err != nil {
		LoggerFrom(ctx).Warn("close connections of ended sessions", "user", end.UserID, "reason", end.Reason, "err", err)
	}
}

func (s *Server) me(ctx context.Context, in *struct{ BearerAuth }) (*sessionOutput, error) {
	sess, err := s.signedIn(ctx, in.BearerAuth)
	if err != nil {
		return nil, err
	}
	return newSessionOutput(sess), nil
}

func (s *Server) forgotPassword(ctx context.Context, in *forgotInput) (*acceptedOutput, error) {
	if err := check(ctx, s.limits.registerIP, infoFrom(ctx).IP); err != nil {
		return nil, err
	}
	floor := time.NewTimer(forgotFloor)
	defer floor.Stop()
	site := platform.SiteFrom(ctx)
	base := s.appBaseURL(ctx, site)
	link := func(token string) string { return base + "/reset-password?token=" + url.QueryEscape(token) }
	if err := s.opts.Accounts.RequestPasswordReset(ctx, site.Project, in.Body.Email, link); err != nil {
		return nil, Problem(ctx, err)
	}
	select {
	case <-floor.C:
	case <-ctx.Done():
	}
	return &acceptedOutput{}, nil
}

func (s *Server) resetPassword(ctx context.Context, in *resetInput) (*emptyOutput, error) {
	if err := check(ctx, s.limits.resetIP, infoFrom(ctx).IP); err != nil {
		return nil, err
	}
	site := platform.SiteFrom(ctx).Project
	userID, err := s.opts.Accounts.ResetPassword(ctx, site, in.Body.Token, in.Body.Password)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	s.sessionsEnded(ctx, platform.SessionEnd{Site: site, UserID: userID, Reason: platform.EndPasswordChange})
	return &emptyOutput{}, nil
}

func (s *Server) googleSignIn(ctx context.Context, in *googleInput) (*sessionOutput, error) {
	if err := check(ctx, s.limits.loginIP, infoFrom(ctx).IP); err != nil {
		return nil, err
	}
	site := platform.SiteFrom(ctx)
	id, err := s.opts.Identity.Verify(ctx, in.Body.IDToken, googleClientID(site, infoFrom(ctx).Host))
	if err != nil {
		return nil, Problem(ctx, err)
	}
	sess, err := s.opts.Accounts.LoginExternal(ctx, site.Project, id)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return newSessionOutput(sess), nil
}

// isLocal reports hosts that only a developer's machine reaches.
func isLocal(host string) bool {
	h := strings.ToLower(hostOnly(host))
	return h == "localhost" || strings.HasSuffix(h, ".localhost") || h == "127.0.0.1" || h == "[::1]"
}

// appBaseURL is where links in mails point: the request's host on a
// developer's machine, else https://<AppDomain or request host>.
func (s *Server) appBaseURL(ctx context.Context, site *platform.Site) string {
	host := infoFrom(ctx).Host
	if isLocal(host) {
		return "http://" + host
	}
	if site.Settings.AppDomain != "" {
		host = site.Settings.AppDomain
	}
	return "https://" + host
}

func googleClientID(site *platform.Site, host string) string {
	if isLocal(host) && site.Settings.GoogleClientIDLocal != "" {
		return site.Settings.GoogleClientIDLocal
	}
	return site.Settings.GoogleClientID
}
