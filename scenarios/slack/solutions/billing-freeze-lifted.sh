# Reference solution in Bash: announce in the billing migration channel that the code freeze is lifted.
A="Authorization: Bearer xoxb-difflab"
S=https://slack.com/api

# Every channel the bot can see (conversations.list, all pages by next_cursor), one JSON object a line.
channels() {
  local cursor=""
  while :; do
    page=$(curl -s -G "$S/conversations.list" -H "$A" -d types=public_channel,private_channel -d limit=200 "$@" ${cursor:+--data-urlencode "cursor=$cursor"})
    echo "$page" | jq -c ".channels[]"
    cursor=$(echo "$page" | jq -r ".response_metadata.next_cursor // \"\"")
    [ -n "$cursor" ] || break
  done
}

id=$(channels -d exclude_archived=true | jq -r 'select((.name | test("billing")) and (.name | test("migration"))) | .id' | head -1)
curl -s -X POST "$S/chat.postMessage" -H "$A" -d channel="$id" \
  --data-urlencode 'text=The billing code freeze is lifted. Dry run #2 is signed off by finance and engineering, so changes to invoices, ledger tables and the billing-svc schema can be merged again.' \
  | jq -e .ok > /dev/null && echo "announced that the freeze is lifted"
