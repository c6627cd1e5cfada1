module github.com/zeroclaw/zeroclaw-rpc/clients/go

go 1.19
