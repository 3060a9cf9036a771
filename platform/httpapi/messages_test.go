package httpapi_test

import (
	"strings"
	"testing"

	"souk/platform/store"
	"souk/platform/store/storetest"
)

type conversation struct {
	ID   string `json:"id"`
	Peer struct {
		ID          string `json:"id"`
		DisplayName string `json:"displayName"`
	} `json:"peer"`
	Listing *struct {
		ID          string `json:"id"`
		ProductName string `json:"productName"`
	} `json:"listing"`
	LastMessage *message `json:"lastMessage"`
	Unread      int      `json:"unread"`
}

type message struct {
	ID             string  `json:"id"`
	ConversationID string  `json:"conversationId"`
	SenderID       string  `json:"senderId"`
	Body           string  `json:"body"`
	ReadAt         *string `json:"readAt"`
}

type conversationPage struct {
	Items []conversation `json:"items"`
	Total int            `json:"total"`
}

func TestConversations(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		srv := newPlatformServer(t, db)
		ala := srv.register(t, desks, "ala@example.com")
		bob := srv.register(t, desks, "bob@example.com")
		eve := srv.register(t, desks, "eve@example.com")
		desk := srv.createListing(t, desks, bob.AccessToken, "Oak desk")

		var started struct {
			Conversation conversation `json:"conversation"`
			Message      message      `json:"message"`
		}
		code, body := srv.call(t, desks, ala.AccessToken, "POST", "/api/conversations",
			map[string]string{"recipientId": bob.UserID, "listingId": desk.ID, "body": "Is the desk still available?"}, &started)
		if code != 201 || started.Conversation.Peer.ID != bob.UserID || started.Conversation.Listing == nil ||
			started.Conversation.Listing.ProductName != "Oak desk" || started.Message.Body != "Is the desk still available?" {
			t.Fatalf("start: %d %s", code, body)
		}
		conv := started.Conversation.ID
		// Writing again about the same listing reuses the thread.
		var again struct{ Conversation conversation }
		code, body = srv.call(t, desks, ala.AccessToken, "POST", "/api/conversations",
			map[string]string{"recipientId": bob.UserID, "listingId": desk.ID, "body": "Hello?"}, &again)
		if code != 201 || again.Conversation.ID != conv {
			t.Fatalf("second start: %d %s", code, body)
		}
		code, body = srv.call(t, desks, ala.AccessToken, "POST", "/api/conversations", map[string]string{"recipientId": eve.UserID, "body": "Hi Eve"}, nil)
		must(t, code, body, 201)

		var page conversationPage
		code, body = srv.call(t, desks, bob.AccessToken, "GET", "/api/conversations", nil, &page)
		if code != 200 || page.Total != 1 || page.Items[0].Unread != 2 || page.Items[0].Peer.DisplayName != "ala" || page.Items[0].LastMessage.Body != "Hello?" {
			t.Fatalf("bob's list: %d %s", code, body)
		}
		code, body = srv.call(t, desks, ala.AccessToken, "GET", "/api/conversations?q=OAK", nil, &page)
		if code != 200 || page.Total != 1 || page.Items[0].ID != conv {
			t.Fatalf("search by listing: %d %s", code, body)
		}
		code, body = srv.call(t, desks, ala.AccessToken, "GET", "/api/conversations?q=eve", nil, &page)
		if code != 200 || page.Total != 1 || page.Items[0].Peer.ID != eve.UserID {
			t.Fatalf("search by peer: %d %s", code, body)
		}

		// Only the two participants read or write the thread.
		for _, path := range []string{"/api/conversations/" + conv + "/messages"} {
			code, body := srv.call(t, desks, eve.AccessToken, "GET", path, nil, nil)
			must(t, code, body, 404)
			code, body = srv.call(t, desks, eve.AccessToken, "POST", path, map[string]string{"body": "let me in"}, nil)
			must(t, code, body, 404)
		}
		code, body = srv.call(t, desks, eve.AccessToken, "POST", "/api/conversations/"+conv+"/read", nil, nil)
		must(t, code, body, 404)

		var reply message
		code, body = srv.call(t, desks, bob.AccessToken, "POST", "/api/conversations/"+conv+"/messages", map[string]string{"body": "Yes, it is."}, &reply)
		if code != 201 || reply.SenderID != bob.UserID {
			t.Fatalf("reply: %d %s", code, body)
		}
		code, body = srv.call(t, desks, bob.AccessToken, "POST", "/api/conversations/"+conv+"/read", nil, nil)
		must(t, code, body, 204)
		code, body = srv.call(t, desks, bob.AccessToken, "GET", "/api/conversations", nil, &page)
		if code != 200 || page.Items[0].Unread != 0 {
			t.Fatalf("after read: %d %s", code, body)
		}

		var thread struct{ Items []message }
		code, body = srv.call(t, desks, ala.AccessToken, "GET", "/api/conversations/"+conv+"/messages?limit=2", nil, &thread)
		if code != 200 || len(thread.Items) != 2 || thread.Items[0].Body != "Yes, it is." || thread.Items[1].ReadAt == nil {
			t.Fatalf("thread: %d %s", code, body)
		}
		code, body = srv.call(t, desks, ala.AccessToken, "GET", "/api/conversations/"+conv+"/messages?before="+thread.Items[1].ID, nil, &thread)
		if code != 200 || len(thread.Items) != 1 || thread.Items[0].Body != "Is the desk still available?" {
			t.Fatalf("older page: %d %s", code, body)
		}

		// Length limits and bad recipients.
		code, body = srv.call(t, desks, ala.AccessToken, "POST", "/api/conversations/"+conv+"/messages", map[string]string{"body": strings.Repeat("x", 4001)}, nil)
		if code != 422 || !decodeProblem(t, body).hasField("body.body") {
			t.Fatalf("too long: %d %s", code, body)
		}
		code, body = srv.call(t, desks, ala.AccessToken, "POST", "/api/conversations/"+conv+"/messages", map[string]string{"body": "   "}, nil)
		must(t, code, body, 422)
		code, body = srv.call(t, desks, ala.AccessToken, "POST", "/api/conversations", map[string]string{"recipientId": ala.UserID, "body": "me"}, nil)
		must(t, code, body, 422)
	})
}
