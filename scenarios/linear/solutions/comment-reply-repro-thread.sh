# Reference solution in Bash: reply in the thread of the comment that reproduced the bug.
# One GraphQL request: gql QUERY [VARIABLES-JSON] prints .data, and stops the script on errors.
gql() {
  local body vars="$2"
  [ -n "$vars" ] || vars='{}'
  body=$(jq -nc --arg q "$1" --argjson v "$vars" '{query: $q, variables: $v}')
  curl -s https://api.linear.app/graphql -H "Authorization: lin_api_difflab" --json "$body" > /tmp/gql.json
  if jq -e ".errors" /tmp/gql.json > /dev/null; then jq -c .errors /tmp/gql.json >&2; exit 1; fi
  jq -c .data /tmp/gql.json
}
gql '{ issue(id: "PAY-1") { id comments { nodes { id body } } } }' > /tmp/issue.json
input=$(jq -c '{input: {issueId: .issue.id, parentId: ([.issue.comments.nodes[] | select(.body | test("reproduced"; "i"))][0].id), body: "The idempotency-key fix is planned for the next release."}}' /tmp/issue.json)
gql 'mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }' "$input" | jq -r '"replied: \(.commentCreate.success)"'
