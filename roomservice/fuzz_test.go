package roomservice

import (
	"bytes"
	"testing"

	"google.golang.org/protobuf/proto"
)

// FuzzDecodeRequest feeds arbitrary bodies, in both encodings, to every
// method's decoder: it must answer a Twirp error or a message that
// re-encodes and decodes to the same message, and never panic.
// Seeds: testdata/fuzz/FuzzDecodeRequest.
func FuzzDecodeRequest(f *testing.F) {
	f.Add("CreateRoom", true, []byte(`{"name":"r","empty_timeout":30,"maxParticipants":4,"metadata":"m"}`))
	f.Add("SendData", true, []byte(`{"room":"r","data":"aGk=","kind":"LOSSY","destinationIdentities":["a"],"topic":"t","nonce":"AAE="}`))
	f.Add("UpdateParticipant", true, []byte(`{"room":"r","identity":"a","permission":{"canPublish":false,"canPublishSources":["CAMERA"]},"attributes":{"k":"v"}}`))
	f.Add("ListRooms", false, []byte{0x0a, 0x01, 'r'})
	f.Add("MutePublishedTrack", false, []byte{0x0a, 0x01, 'r', 0x12, 0x01, 'a', 0x1a, 0x02, 'T', 'R', 0x20, 0x01})
	s := &Service{}
	methods := s.methodTable()
	f.Fuzz(func(t *testing.T, name string, asJSON bool, body []byte) {
		m, ok := methods[name]
		if !ok {
			return
		}
		ct := contentProtobuf
		if asJSON {
			ct = contentJSON
		}
		req, terr := decodeRequest(m, ct, body)
		if terr != nil {
			if _, ok := twirpStatus[terr.Code]; !ok || terr.Msg == "" {
				t.Fatalf("error %+v is not a Twirp error with a message", terr)
			}
			return
		}
		_ = m.room(req)
		// Protobuf keeps everything, unknown fields included.
		out, err := encodeResponse(contentProtobuf, req)
		if err != nil {
			t.Fatalf("re-encode protobuf: %v", err)
		}
		back, terr := decodeRequest(m, contentProtobuf, out)
		if terr != nil || !proto.Equal(req, back) {
			t.Fatalf("protobuf round trip: %v, %v → %v", terr, req, back)
		}
		// JSON drops unknown fields, so compare JSON with JSON.
		j1, err := encodeResponse(contentJSON, req)
		if err != nil {
			t.Fatalf("re-encode JSON: %v", err)
		}
		back, terr = decodeRequest(m, contentJSON, j1)
		if terr != nil {
			t.Fatalf("decode of our own JSON %q: %v", j1, terr)
		}
		j2, err := encodeResponse(contentJSON, back)
		if err != nil || !bytes.Equal(j1, j2) {
			t.Fatalf("JSON round trip changed the message: %s → %s (%v)", j1, j2, err)
		}
	})
}
