# Reference solution in Bash: the depot with the most shipment-delay alerts in February 2026.
A="Authorization: Bearer difflab"
M=https://api.mailhub.example/v1

# Every message a query finds, one JSON object a line, following next_page_token: all_messages -d from=… -d …
all_messages() {
  local token=""
  while :; do
    page=$(curl -sf -G "$M/messages" -H "$A" -d page_size=100 "$@" ${token:+-d page_token=$token})
    echo "$page" | jq -c ".items[]"
    token=$(echo "$page" | jq -r ".next_page_token // \"\"")
    [ -n "$token" ] || break
  done
}

# Applies a change to message ids read from stdin, 500 at a time: batch_update '{"is_read": true}'
batch_update() {
  jq -R . | jq -sc --argjson change "$1" '. as $ids | range(0; length; 500) | {message_ids: $ids[.:. + 500]} + $change' | while read -r body; do
    curl -sf -X POST "$M/messages/batch-update" -H "$A" --json "$body" > /dev/null || exit 1
  done
}

all_messages -d from=alerts@brightwater.example -d received_after=2026-02-01T00:00:00Z -d received_before=2026-03-01T00:00:00Z -d include_drafts=false \
  | jq -r '.subject' | sed -E 's/.* at (.+)$/\1/' | sort | uniq -c | sort -rn | head -1 \
  | awk '{ n = $1; $1 = ""; sub(/^ /, ""); printf "Answer: %s with %d alerts\n", $0, n }'
