# Reference solution in Bash: put the Customers category on every March 2026 complaint.
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

all_messages --data-urlencode 'subject=Complaint:' -d received_after=2026-03-01T00:00:00Z \
  | jq -r 'select(.subject | startswith("Complaint:")) | .id' > /tmp/ids
batch_update '{"add_categories": ["Customers"]}' < /tmp/ids
echo "categorised $(wc -l < /tmp/ids | tr -d ' ') complaints"
