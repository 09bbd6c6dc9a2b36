package main

import (
	"encoding/json"
	"net/http"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwthttp"
)

// rpcRequest is a JSON-RPC 2.0 request (or notification, without "id").
type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

// serveMCP answers POST /mcp, a JSON-RPC 2.0 message of the MCP
// Streamable HTTP transport, once the token passed (a small subset:
// initialize, ping, tools/list, and notifications, accepted with 202).
func serveMCP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST a JSON-RPC message", http.StatusMethodNotAllowed)
		return
	}
	var req rpcRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil || req.JSONRPC != "2.0" {
		reply(w, nil, nil, &rpcError{Code: -32700, Message: "parse error"})
		return
	}
	if req.ID == nil { // a notification
		w.WriteHeader(http.StatusAccepted)
		return
	}
	c, _ := jwthttp.ClaimsFrom[*accesstoken.Claims](r.Context())
	switch req.Method {
	case "initialize":
		reply(w, req.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "jotlib-example", "version": "1.0.0"},
			"instructions":    "signed in as " + c.Subject,
		}, nil)
	case "ping":
		reply(w, req.ID, map[string]any{}, nil)
	case "tools/list":
		reply(w, req.ID, map[string]any{"tools": []map[string]any{{
			"name": "whoami", "description": "the subject of the access token",
			"inputSchema": map[string]any{"type": "object"},
		}}}, nil)
	default:
		reply(w, req.ID, nil, &rpcError{Code: -32601, Message: "method not found"})
	}
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func reply(w http.ResponseWriter, id json.RawMessage, result any, e *rpcError) {
	if id == nil {
		id = json.RawMessage("null")
	}
	msg := map[string]any{"jsonrpc": "2.0", "id": id}
	if e != nil {
		msg["error"] = e
	} else {
		msg["result"] = result
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(msg)
}
